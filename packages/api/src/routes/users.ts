import { createRoute, z } from "@hono/zod-openapi";
import { CreateUserInput, UpdateUserInput } from "@menu/core/shared/account-forms";
import { createUserAs, deleteUserAs, getUser, listUsers, updateUserAs } from "@menu/core/user/manage";
import { UserInfo } from "@menu/core/auth/user";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

/** settings/users: admin or company manager (SPEC.md section 6); anyone else is told the company or user does not exist. */
const ofCompany = requiresSession("company_manager", "companyNotFound");
const ofUser = requiresSession("company_manager", "userNotFound");
const UserParams = z.object({ userId: z.string().min(1).max(64) });
const taken = { 409: errorResponse("This email address already exists, or the store has 5 managers") };

const list = createRoute({
  method: "get",
  path: "/users",
  summary: "Users of a company (admins: companyId=platform lists the operator's admins)",
  ...ofCompany,
  request: { query: z.object({ companyId: z.string().min(1).max(64) }) },
  responses: { 200: json(z.array(UserInfo), "Users"), 404: errorResponse("Company not found") },
});

const create = createRoute({
  method: "post",
  path: "/users",
  summary: "Create a user and mail them an invitation",
  ...ofCompany,
  request: jsonBody(CreateUserInput),
  responses: { 201: json(UserInfo, "Created"), 403: errorResponse("Role not allowed"), 404: errorResponse("Company or store not found"), ...taken },
});

const one = createRoute({
  method: "get",
  path: "/users/{userId}",
  summary: "One user",
  ...ofUser,
  request: { params: UserParams },
  responses: { 200: json(UserInfo, "The user"), 404: errorResponse("User not found") },
});

const update = createRoute({
  method: "patch",
  path: "/users/{userId}",
  summary: "Edit a user (a new e-mail is confirmed by the new address first)",
  ...ofUser,
  request: { params: UserParams, ...jsonBody(UpdateUserInput) },
  responses: { 200: json(UserInfo, "The user"), 403: errorResponse("Not allowed"), 404: errorResponse("User not found"), ...taken },
});

const remove = createRoute({
  method: "delete",
  path: "/users/{userId}",
  summary: "Delete a user; their sessions end at once",
  ...ofUser,
  request: { params: UserParams },
  responses: { 200: json(z.object({ id: z.string() }), "Deleted"), 403: errorResponse("You cannot delete yourself"), 404: errorResponse("User not found") },
});

export const userRoutes = router()
  .openapi(list, async (c) => c.json(await listUsers(c.req.valid("query").companyId), 200))
  .openapi(create, async (c) => c.json(await createUserAs(c.req.valid("json")), 201))
  .openapi(one, async (c) => c.json(await getUser(c.req.valid("param").userId), 200))
  .openapi(update, async (c) => c.json(await updateUserAs(c.req.valid("param").userId, c.req.valid("json")), 200))
  .openapi(remove, async (c) => c.json(await deleteUserAs(c.req.valid("param").userId), 200));
