import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { noticeText } from "../../i18n/notices.ts";
import { type notificationsMachine, selectNotices } from "../../machines/notifications.machine.ts";
import { CloseIcon } from "../../ui/icons.tsx";

/**
 * Success alerts (3 s) and error toasts (5 s); the machine owns their lifetimes. The region is "Status
 * messages", not "Notifications": that is the account page of the alerts a rider chooses (issue 35),
 * and two landmarks must not share a name.
 */
export function Notifications({
  notifications,
}: {
  notifications: ActorRefFrom<typeof notificationsMachine>;
}) {
  const { t, i18n } = useLingui();
  const notices = useSelector(notifications, selectNotices);

  return (
    <section
      aria-label={t`Status messages`}
      className={css({
        position: "fixed",
        bottom: "4",
        insetEnd: "4",
        insetStart: { base: "4", sm: "auto" },
        zIndex: "toast",
        display: "flex",
        flexDirection: "column",
        gap: "2",
        maxWidth: "420px",
      })}
    >
      {notices.map((notice) => (
        <div
          key={notice.id}
          data-kind={notice.kind}
          className={css({
            display: "flex",
            alignItems: "center",
            gap: "3",
            pl: "4",
            pr: "1",
            py: "1",
            borderRadius: "md",
            boxShadow: "lg",
            color: "white",
            bg: "brand.success",
            "&[data-kind=error]": { bg: "brand.error" },
          })}
        >
          <p role={notice.kind === "error" ? "alert" : "status"} className={css({ flex: "1" })}>
            {i18n._(noticeText(notice.code))}
          </p>
          <button
            type="button"
            className={cx(button({ variant: "ghost", size: "icon" }))}
            onClick={() => notifications.send({ type: "notification.dismiss", id: notice.id })}
          >
            <CloseIcon />
            <span className={css({ srOnly: true })}>
              <Trans>Dismiss</Trans>
            </span>
          </button>
        </div>
      ))}
    </section>
  );
}
