import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import { App } from "./app/App.tsx";
import { createLiveApp } from "./app/live.ts";
import { createPortalStorage } from "./services/storage.ts";
import { preloadScreen } from "./views/screens/screens.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The page's one storage: the opened page's screen starts downloading now, while the rest of the
// start-up runs, and the machines are set up over the same storage.
const storage = createPortalStorage(window.localStorage);
const firstScreen = preloadScreen(window.location.pathname, storage.isSignedIn());
// Evaluating the portal's code is one long task on a phone already (issue 16, total blocking time):
// the machines' set-up and React's first render each start in a task of their own after it, so the
// browser can paint and take input in between.
setTimeout(() => {
  const live = createLiveApp(window, undefined, storage);
  setTimeout(() => {
    createRoot(root).render(
      <StrictMode>
        <App live={live} firstScreen={firstScreen} />
      </StrictMode>,
    );
  }, 0);
}, 0);
// The first number the portal formats (the cart's item count, in the top bar) makes the browser set
// up its number formatting: 10 to 13 ms on a desktop, four times that on a phone, whatever the locale.
// Done in a task of its own while the first screen's parts download, rather than inside the render
// that draws the first screen (issue 16: that render was the first visit's longest task).
setTimeout(() => new Intl.NumberFormat().format(0), 0);
