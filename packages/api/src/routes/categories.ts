import { createRoute, z } from "@hono/zod-openapi";
import { CategoryInfo } from "@menu/core/category/category";
import {
  AdminCategory,
  createCategory,
  CreateCategoryInput,
  deleteCategory,
  listCategories,
  moveCategory,
  MoveCategoryInput,
  ScheduleInput,
  setCategorySchedule,
  sortCategories,
  SortCategoriesInput,
  updateCategory,
  UpdateCategoryInput,
} from "@menu/core/category/manage";
import { SECTIONS } from "@menu/core";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

/** The menu sections of the admin panel: every staff role of the store (SPEC.md section 2). */
const session = requiresSession("store_manager", "storeNotFound");
const StoreQuery = z.object({ storeId: z.string().min(1).max(64) });
const CategoryParams = z.object({ categoryId: z.string().min(1).max(64) });
const notFound = { 404: errorResponse("Store or category not found") };

const list = createRoute({
  method: "get",
  path: "/categories",
  summary: "A section's categories in tree order (supercategory, then its categories), hidden ones included",
  ...session,
  request: { query: StoreQuery.extend({ section: z.enum(SECTIONS) }) },
  responses: { 200: json(z.array(AdminCategory)), ...notFound },
});
const create = createRoute({
  method: "post",
  path: "/categories",
  summary: "Create a category (at the end of its siblings); parent_id makes it a category of that supercategory",
  ...session,
  request: jsonBody(CreateCategoryInput),
  responses: { 201: json(AdminCategory, "Created"), ...notFound, 409: errorResponse("Failed to add category") },
});
const sort = createRoute({
  method: "post",
  path: "/categories/order",
  summary: "Put one parent's categories in this order",
  ...session,
  request: jsonBody(SortCategoriesInput),
  responses: { 200: json(z.array(z.string())), ...notFound, 409: errorResponse("You did not make any changes to the sorting") },
});
const update = createRoute({
  method: "patch",
  path: "/categories/{categoryId}",
  summary: "Edit a category's name, icon or visibility",
  ...session,
  request: { params: CategoryParams, ...jsonBody(UpdateCategoryInput) },
  responses: { 200: json(CategoryInfo), ...notFound, 409: errorResponse("Failed to update category") },
});
const remove = createRoute({
  method: "delete",
  path: "/categories/{categoryId}",
  summary: "Delete an empty category (one with items, promotions or categories is refused)",
  ...session,
  request: { params: CategoryParams, query: StoreQuery },
  responses: { 200: json(z.object({ id: z.string() }), "Deleted"), ...notFound, 409: errorResponse("Could not delete category") },
});
const move = createRoute({
  method: "post",
  path: "/categories/{categoryId}/move",
  summary: 'Move a category under another supercategory of its section, or to the top level (parent_id "")',
  ...session,
  request: { params: CategoryParams, ...jsonBody(MoveCategoryInput) },
  responses: { 200: json(CategoryInfo), ...notFound, 409: errorResponse("Failed to update category") },
});
const schedule = createRoute({
  method: "put",
  path: "/categories/{categoryId}/schedule",
  summary: "Set a category's schedule (days, start, end, on/off; evaluated in the store's time zone), or remove it with null",
  ...session,
  request: { params: CategoryParams, ...jsonBody(ScheduleInput) },
  responses: {
    200: json(CategoryInfo),
    ...notFound,
    409: errorResponse("A category schedule cannot be added if a parent already has its own schedule"),
  },
});

export const categoryRoutes = router()
  .openapi(list, async (c) => {
    const { storeId, section } = c.req.valid("query");
    return c.json(await listCategories({ store_id: storeId, section }), 200);
  })
  .openapi(create, async (c) => c.json(await createCategory(c.req.valid("json")), 201))
  .openapi(sort, async (c) => c.json(await sortCategories(c.req.valid("json")), 200))
  .openapi(update, async (c) => c.json(await updateCategory({ ...c.req.valid("json"), category_id: c.req.valid("param").categoryId }), 200))
  .openapi(remove, async (c) =>
    c.json(await deleteCategory({ store_id: c.req.valid("query").storeId, category_id: c.req.valid("param").categoryId }), 200),
  )
  .openapi(move, async (c) => c.json(await moveCategory({ ...c.req.valid("json"), category_id: c.req.valid("param").categoryId }), 200))
  .openapi(schedule, async (c) =>
    c.json(await setCategorySchedule({ ...c.req.valid("json"), category_id: c.req.valid("param").categoryId }), 200),
  );
