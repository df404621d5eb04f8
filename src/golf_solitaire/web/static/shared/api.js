/* Calls to the server shared by both pages: JSON in and out, the player's token and language,
   and one error with the server's words whatever shape its `detail` has. */

import { lang, t } from "./texts.js";

/* The words of an error reply: `detail` as a string, an object with a message, or a list of
   validation problems. */
export function detailText(body, fallback) {
  const detail = body && body.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) return detail.map((item) => (item && (item.msg || item.message)) || String(item)).join("; ");
  if (detail && typeof detail === "object") return String(detail.message || detail.msg || JSON.stringify(detail));
  return fallback;
}

export class ApiError extends Error {
  constructor(status, body, reason, fallback) {
    super(detailText(body, fallback));
    this.status = status;
    this.reason = reason || (body && (body.reason || (body.detail && body.detail.reason))) || null;
  }
}

/* `method` on `path` with `body` as JSON and `token` (when given) as the player's proof. */
export async function request(method, path, body, token) {
  const headers = { "Accept-Language": lang() };
  if (token) headers["X-Golf-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const separator = path.includes("?") ? "&" : "?";
  let response;
  try {
    response = await fetch(`${path}${separator}lang=${lang()}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, { detail: t("web.message.offline") });
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new ApiError(response.status, data, response.headers.get("X-Golf-Reason"), response.statusText);
  }
  return data;
}
