/** Puts a JSON data block into the page as the server writes one (server/plugins/spa.ts). */
export function writeIntoPage(id: string, text: string) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = id;
  element.textContent = text;
  document.head.append(element);
}
