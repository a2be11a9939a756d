/**
 * A throwaway PostgreSQL 15 server on a spare port, from /usr/lib/postgresql/15/bin. initdb and pg_ctl
 * refuse to run as root, so as root they run as the `postgres` user.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const bin = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** A free TCP port on loopback (the throwaway PostgreSQL's, the kill -9 test's servers'). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], asPostgres: boolean) {
  const [file, argv] = asPostgres ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

export interface PgServer {
  url: string;
  stop(): void;
}

/**
 * A throwaway PostgreSQL 15. Tests run it with fsync off (nothing there must outlive a crash of the
 * machine); `durable` keeps fsync on, as a real server runs, for the bench's figures, where every
 * commit's flush is part of what a rider waits.
 */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<PgServer> {
  if (!existsSync(join(bin, "pg_ctl")) && process.getuid?.() === 0) {
    console.log("PostgreSQL 15 is missing: installing Debian's postgresql-15 package...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "-qq", "postgresql-15"], { stdio: "inherit", env });
  }
  if (!existsSync(join(bin, "pg_ctl"))) {
    throw new Error(
      `PostgreSQL 15 is not installed at ${bin}: run \`sudo apt-get install -y postgresql-15\``,
    );
  }
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "portal-pg-"));
  const data = join(dir, "data");
  if (asPostgres) {
    execFileSync("chmod", ["755", dir]);
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
      Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
    );
  }
  const port = await freePort();
  run(
    join(bin, "initdb"),
    ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
    asPostgres,
  );
  run(
    join(bin, "pg_ctl"),
    [
      "-D",
      data,
      "-l",
      join(dir, "log"),
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${options.durable ? "" : " -c fsync=off"}`,
      "start",
    ],
    asPostgres,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
