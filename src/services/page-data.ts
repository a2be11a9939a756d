/**
 * A JSON data block the server wrote into the page (server/plugins/spa.ts), taken out of it: the
 * element is removed, so it is read once. Null when the page has none (the development server's page)
 * or its text is not a JSON object or array.
 */
export function takeWrittenJson(document: Document, id: string): object | null {
  const element = document.getElementById(id);
  const text = element?.textContent ?? "";
  element?.remove();
  if (text === "") return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  }
}
