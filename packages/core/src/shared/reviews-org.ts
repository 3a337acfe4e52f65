/** A reviews widget's organisation id as kept: digits only. The publish and the guest page decide by the same rule. */
export const isOrgId = (id: string | null | undefined): id is string => !!id && /^\d{1,20}$/.test(id);
