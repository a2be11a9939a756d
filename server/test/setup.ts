/**
 * Runs before every server test file (vite.config.ts, project "server"). Hashes are made at 2^10, not
 * production's 2^17: every sign-up, sign-in and seed paid about 0.3 s a hash, most of the suite's time.
 * server/domain/password.test.ts proves production's default; hashing.test.ts sets production's cost
 * itself, since its throttle tests need hashes that take time.
 */
import { configureHashCost } from "../domain/password.ts";

configureHashCost(10);
