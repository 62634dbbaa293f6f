/** pg error 23505: a unique index refused the write (a second active cycle, a booked harvest, …). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}
