/**
 * Pages linked from the shell whose routes do not exist yet. TanStack's typed `Link` rejects unknown
 * path literals but accepts a `string`, so they are typed as plain strings here. When a route is
 * added, link to its literal path instead and drop it from this list.
 */
export const pendingPaths: Readonly<Record<
  "offer" | "privacyPolicy" | "privacy" | "userAgreement" | "serviceContacts",
  string
>> = {
  offer: "/offer",
  privacyPolicy: "/privacy-policy",
  privacy: "/privacy",
  userAgreement: "/user-agreement",
  serviceContacts: "/service-contacts",
};
