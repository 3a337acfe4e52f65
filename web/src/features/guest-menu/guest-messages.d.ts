/** The guest catalogs built by vite.config.ts (`guestMessages`): message key → compiled ICU AST. */
declare module "virtual:guest-messages/*" {
  const catalog: Record<string, never[]>;
  export default catalog;
}
