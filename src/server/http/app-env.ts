// What the Hono context carries for every request. Here, not in app.ts: the routes need the type,
// and app.ts imports the routes (decision 0023: no import cycles).
export type AppEnv = { Variables: { requestId: string } };
