import { z } from "zod";
import { Db } from "../db/service";
import { notFound } from "../shared/errors";
import { fn } from "../shared/fn";
import { guardedWrite, lookupUnique } from "../db/guarded-write";
import { newId } from "../shared/ids";
import { uniqueValue } from "../records/unique.entity";
import { TITLE_MAX } from "../shared/account-forms";
import { text } from "../shared/text-rules";
import { UrlKey } from "../shared/url-key";

export const CompanyInfo = z.object({
  id: z.string(),
  name: z.string(),
  url_key: z.string(),
});
export type CompanyInfo = z.infer<typeof CompanyInfo>;

const toInfo = (c: { company_id: string; name: string; url_key: string }): CompanyInfo => ({
  id: c.company_id,
  name: c.name,
  url_key: c.url_key,
});

export const CreateCompany = z.object({ name: text({ max: TITLE_MAX }), url_key: UrlKey });

export const createCompany = fn(CreateCompany, async ({ name, url_key }) => {
  const company_id = newId();
  await guardedWrite({ claim: [{ kind: "companyUrl", value: uniqueValue(url_key), ref: company_id }] }, (e) => [
    e.company.create({ company_id, name, url_key }).commit(),
  ]);
  return { id: company_id, name, url_key } satisfies CompanyInfo;
});

export const companyById = fn(z.string().min(1), async (id) => {
  const { data } = await Db().entities.company.get({ company_id: id }).go();
  if (!data) throw notFound("companyNotFound");
  return toInfo(data);
});

/** The company id behind a URL name, or undefined. */
export const companyIdByUrlKey = (url_key: string) => lookupUnique("companyUrl", uniqueValue(url_key));
