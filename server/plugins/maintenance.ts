import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** When a task runs in a pass: due work first, then repairs, then housekeeping. */
const stages = ["due", "repair", "housekeeping"] as const;
type MaintenanceStage = (typeof stages)[number];

/** What a pass counted, by name (the order domain's `repaired` and `finished`). */
export type MaintenanceReport = Record<string, number>;

interface MaintenanceTask {
  /** What the log says when the task fails ("autoload run failed"); the other tasks still run. */
  failed: string;
  /** One run; what it counts goes into the pass's report. */
  run: () => Promise<MaintenanceReport | undefined>;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The background work of the plugins that own it (due autoloads and renewals, the order attempts
     * and refunds a crash left, ended request-budget windows): `add` from a plugin, in its stage.
     */
    maintenance: { add(stage: MaintenanceStage, task: MaintenanceTask): void };
  }
}

/**
 * Runs every task added, stage by stage and in the order they were added, once as soon as the server
 * listens (a restart after a crash repairs at once) and then every `everyMs`; a pass never starts while
 * one runs or once the app closes, and closing waits for the one running. Off (no timer, no pass)
 * unless `everyMs` is given: tests run the services themselves.
 */
export default fp(
  async function maintenance(
    app: FastifyInstance,
    options: {
      everyMs?: number | null;
      /** Told what the first pass counted (main.ts says it on the console). */
      afterFirstPass?: (report: MaintenanceReport) => void;
    },
  ) {
    const tasks: Record<MaintenanceStage, MaintenanceTask[]> = { due: [], repair: [], housekeeping: [] };
    app.decorate("maintenance", {
      add(stage: MaintenanceStage, task: MaintenanceTask) {
        tasks[stage].push(task);
      },
    });
    const { everyMs } = options;
    if (!everyMs) return;

    let running: Promise<MaintenanceReport> | null = null;
    let closing = false;
    const runAll = async (): Promise<MaintenanceReport> => {
      const report: MaintenanceReport = {};
      for (const stage of stages) {
        for (const task of tasks[stage]) {
          const counted = await task.run().catch((error: unknown) => {
            app.log.error({ err: error }, task.failed);
            return undefined;
          });
          Object.assign(report, counted);
        }
      }
      return report;
    };
    const pass = async (): Promise<MaintenanceReport | null> => {
      if (running || closing) return null;
      running = runAll();
      try {
        return await running;
      } finally {
        running = null;
      }
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook("onListen", async () => {
      void pass().then((report) => {
        if (report) options.afterFirstPass?.(report);
      });
      timer = setInterval(() => void pass(), everyMs);
      timer.unref();
    });
    app.addHook("onClose", async () => {
      closing = true;
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: "maintenance" },
);
