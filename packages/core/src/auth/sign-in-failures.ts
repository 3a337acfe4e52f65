import { Db } from "../db/service";
import { isConditionFailure } from "../shared/conflict";
import type { UserRecord } from "./user";

/**
 * Wrong passwords given for an account, from anywhere, since its last successful sign-in: the
 * next sign-in tells the user how many there were, once.
 */
export async function countFailedSignIn(user_id: string) {
  try {
    await Db().entities.user.patch({ user_id }).add({ failed_sign_ins: 1 }).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // the user was deleted meanwhile
  }
}

/** Answers the count and sets it back to 0 in one write (none when there was nothing to tell). */
export async function takeFailedSignIns(user: UserRecord) {
  if (!user.failed_sign_ins) return 0;
  const { data } = await Db()
    .entities.user.patch({ user_id: user.user_id })
    .set({ failed_sign_ins: 0 })
    .go({ response: "all_old" });
  return data?.failed_sign_ins ?? 0;
}
