import { resolve } from "node:path";
import { z } from "zod";

/** Process configuration, read once at start from the environment. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DEPLOYMENT_FILE: z.string().optional(),
  DEV_MAILBOX: z.enum(["on", "off"]).optional(),
  SEED_DEMO: z.enum(["on", "off"]).optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  deploymentFile: string;
  devMailbox: boolean;
  seedDemo: boolean;
  logLevel: string;
  publicUrl: string | null;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const env = envSchema.parse(source);
  const production = env.NODE_ENV === "production";
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    production,
    deploymentFile: env.DEPLOYMENT_FILE
      ? resolve(env.DEPLOYMENT_FILE)
      : resolve(import.meta.dirname, "deployment.json"),
    devMailbox: env.DEV_MAILBOX ? env.DEV_MAILBOX === "on" : !production,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === "on" : !production,
    logLevel: env.LOG_LEVEL,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, "") ?? null,
  };
}
