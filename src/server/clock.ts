// "Now" for the timer, today's date and relative due dates. Production reads the system clock; tests
// replace `clock.now` to stop time at a known instant (and restore it afterwards).
export const clock = { now: (): Date => new Date() };
