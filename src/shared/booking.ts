// Booking policy shared by the server and the client.

/** How long a seat stays held for a learner who has not paid yet; after that it is free again. */
export const HOLD_MINUTES = 15;
