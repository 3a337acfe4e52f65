/** The users feature's server calls: the company's users, saving one and deleting one. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type SuccessBody } from "@/lib/api";
import type { SessionUser } from "@/lib/session";

const list = (companyId: string) => api.api.users.$get({ query: { companyId } });
export type UserItem = SuccessBody<Awaited<ReturnType<typeof list>>>[number];

export const usersKeys = { list: (companyId: string) => ["users", companyId] as const };

export const usersQueryOptions = (companyId: string) => queryOptions({ queryKey: usersKeys.list(companyId), queryFn: () => unwrap(list(companyId)) });

/** Deletes a user; the list is fetched again after. */
export function useDeleteUser(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.api.users[":userId"].$delete({ param: { userId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.list(companyId) }),
  });
}

type UserValues = { first_name: string; last_name: string; email: string; role: SessionUser["role"]; store_id: string; password: string; active: boolean };
const create = (json: Parameters<typeof api.api.users.$post>[0]["json"]) => api.api.users.$post({ json });
export type SavedUser = SuccessBody<Awaited<ReturnType<typeof create>>>;

/**
 * Invites a new user, or saves `user`: the e-mail and password only when changed, and the role,
 * store and state only for someone else (`self` edits their own names, e-mail and password). The
 * list is fetched again after.
 */
export function useSaveUser(companyId: string, user: SessionUser | undefined, self: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ active, ...values }: UserValues): Promise<SavedUser> => {
      const store_id = values.role === "store_manager" ? values.store_id : "";
      if (!user) return unwrap(create({ ...values, store_id, company_id: companyId }));
      return unwrap(
        api.api.users[":userId"].$patch({
          param: { userId: user.id },
          json: {
            first_name: values.first_name,
            last_name: values.last_name,
            ...(values.email !== user.email ? { email: values.email } : {}),
            ...(self ? {} : { role: values.role, store_id, active }),
            ...(values.password ? { password: values.password } : {}),
          },
        }),
      );
    },
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.list(companyId) }),
  });
}
