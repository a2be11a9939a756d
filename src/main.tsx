import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import { App } from "./app/App.tsx";
import { createLiveApp } from "./app/live.ts";
import { preloadScreen } from "./views/screens/screens.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const live = createLiveApp();
const firstScreen = preloadScreen(window.location.pathname, live.storage.isSignedIn());
createRoot(root).render(
  <StrictMode>
    <App live={live} firstScreen={firstScreen} />
  </StrictMode>,
);
// The first number the portal formats (the cart's item count, in the top bar) makes the browser set
// up its number formatting: 10 to 13 ms on a desktop, four times that on a phone, whatever the locale.
// Done in a task of its own while the first screen's parts download, rather than inside the render
// that draws the first screen (issue 16: that render was the first visit's longest task).
setTimeout(() => new Intl.NumberFormat().format(0), 0);
