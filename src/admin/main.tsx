import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { EditorApp } from "./EditorApp.tsx";
import { StaffGate } from "./StaffGate.tsx";
import "./admin.css";

createRoot(document.getElementById("editor-root")!).render(
  <StrictMode>
    <StaffGate>
      <EditorApp />
    </StaffGate>
  </StrictMode>,
);
