/** A signed-in reviewer shows under their account name, a guest under the typed name (spec §3). */
export function reviewName(r: { reviewerName: string; user: { firstName: string; lastName: string } | null }): string {
  return r.user ? `${r.user.firstName} ${r.user.lastName}`.trim() : r.reviewerName;
}
