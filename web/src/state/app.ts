import { atom } from "jotai";

/**
 * App state (SPEC section 3): the company and store the admin panel works on, and the companies
 * and stores the user may switch to. The admin layout fills it from the route and the owned-stores
 * query; the header's switcher reads it.
 */
export type VenueRef = { company_id: string; company_url_key: string; store_id: string; store_url_key: string };
export type CompanyChoice = { company_id: string; company_url_key: string; name: string };
export type StoreChoice = VenueRef & { store_name: string; company_name: string };

export type AppVenues = {
  current: VenueRef | null;
  companies: CompanyChoice[];
  stores: StoreChoice[];
};

export const appVenuesAtom = atom<AppVenues>({ current: null, companies: [], stores: [] });
