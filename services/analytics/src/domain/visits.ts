// Visits: a visit starts with a visitor's first hit of the day or after 30 minutes without one
// (SPEC 9: the visit cookie lives 30 minutes). The server decides, from the visitor's last hit
// time kept in visitor_state, so every client and every replica counts the same way.
export const VISIT_GAP_MS = 30 * 60 * 1000;

/**
 * Which of a visitor's hits (times in ascending order) start a visit, given the time of the hit
 * before them (null when this is the visitor's first hit of the day). A hit older than the one
 * before it (late delivery) never starts a visit.
 */
export function visitStarts(times: readonly number[], previous: number | null): boolean[] {
  let last = previous;
  return times.map((time) => {
    const starts = last === null || time - last > VISIT_GAP_MS;
    last = last === null ? time : Math.max(last, time);
    return starts;
  });
}
