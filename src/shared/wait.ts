/** The longest wait a service state may name: a day (a longer ask reads as "try again later"). */
export const MAX_WAIT_MS = 86_400_000
