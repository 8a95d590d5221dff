import type { PartyRole, PrepAnswers } from "./one-on-one-types";

/**
 * One side of a meeting as its `one_on_one_parties` row (the writes' and the seed's shape), and a
 * meeting's state with its times. Import-free at run time so the seed, run by Node without a
 * bundler, stores what the writer stores.
 */
export interface PartyRecord {
  oneOnOneId: string;
  companyId: string;
  userId: string;
  role: PartyRole;
  answers: PrepAnswers | null;
  submittedAt: number | null;
  sharedNotes: string;
  privateNotes: string;
  notesUpdatedAt: number | null;
}

export function partyRecord(input: {
  oneOnOneId: string;
  companyId: string;
  userId: string;
  role: PartyRole;
  prep?: { answers: PrepAnswers; at: number } | null;
  notes?: { shared: string; private: string; at: number } | null;
}): PartyRecord {
  const shared = input.notes?.shared.trim() ?? "";
  const own = input.notes?.private.trim() ?? "";
  return {
    oneOnOneId: input.oneOnOneId,
    companyId: input.companyId,
    userId: input.userId,
    role: input.role,
    answers: input.prep?.answers ?? null,
    submittedAt: input.prep?.at ?? null,
    sharedNotes: shared,
    privateNotes: own,
    notesUpdatedAt: shared || own ? input.notes!.at : null,
  };
}
