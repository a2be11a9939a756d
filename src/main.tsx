import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import { App } from "./app/App.tsx";
import { createLiveApp } from "./app/live.ts";
import { preloadScreen } from "./views/screens/screens.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const live = createLiveApp();
void preloadScreen(window.location.pathname, live.storage.isSignedIn());
createRoot(root).render(
  <StrictMode>
    <App live={live} />
  </StrictMode>,
);
