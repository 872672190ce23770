// The id of the JSON block in which the server embeds a page's first API answers for the client.
export const INITIAL_DATA_ID = 'toque-data';
