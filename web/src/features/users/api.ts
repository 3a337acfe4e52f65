/** The users feature's server calls: the company's users and deleting one (saving one is in user-form-dialog.tsx). */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type SuccessBody } from "@/lib/api";

const list = (companyId: string) => api.api.users.$get({ query: { companyId } });
export type UserItem = SuccessBody<Awaited<ReturnType<typeof list>>>[number];

const usersKey = (companyId: string) => ["users", companyId] as const;

export const usersQueryOptions = (companyId: string) => queryOptions({ queryKey: usersKey(companyId), queryFn: () => unwrap(list(companyId)) });

/** Deletes a user; the list is fetched again after. */
export function useDeleteUser(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.api.users[":userId"].$delete({ param: { userId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}
