import { type Static, Type } from 'typebox';

/**
 * `GET /api/demo`: whether a demo farm is loaded (`npm run demo`) and whether the caller
 * already has it. `POST /api/demo/join` adds the caller to it read-only and answers the same.
 */
export const DemoFarm = Type.Object({
  available: Type.Boolean(),
  farm_id: Type.Union([Type.String(), Type.Null()]),
  joined: Type.Boolean(),
});
export type DemoFarm = Static<typeof DemoFarm>;
