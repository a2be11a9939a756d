import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import { App } from "./app/App.tsx";
import { createLiveApp } from "./app/live.ts";
import { preloadTourDialog } from "./views/layout/layout-parts.ts";
import { preloadScreen } from "./views/screens/screens.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const live = createLiveApp();
void preloadScreen(window.location.pathname, live.storage.isSignedIn());
// A first visit is asked "take a quick tour?": its dialog downloads with the screen.
if (!live.input.stored.tourDone) preloadTourDialog();
createRoot(root).render(
  <StrictMode>
    <App live={live} />
  </StrictMode>,
);
