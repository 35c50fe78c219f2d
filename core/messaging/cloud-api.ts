// The WhatsApp Cloud API transport (decision 0070): one template message per
// send, POST {apiUrl}/{version}/{phoneNumberId}/messages with the bearer token, in the shape
// Meta documents for template messages with quick-reply buttons.
import { TransportError, type MessageTransport, type OutgoingMessage, type SendResult } from "./transport";

export interface WhatsAppSettings {
  /** https://graph.facebook.com unless a test points it at a local fake */
  apiUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  /** the webhook's HMAC key and verify token (used by the webhook, decision 0071) */
  appSecret: string;
  verifyToken: string;
  /**
   * the approved template of each kind; password_code is an authentication template (decision 0077),
   * which also carries the code that proves a staff member's number (phone_code, decision 0094)
   */
  templates: { confirmation: string; reminder: string; password_code: string; new_order_alert?: string };
  /** how long one request may take; kept well below the worker's lease (decision 0069) */
  timeoutMs: number;
}

/**
 * The template's language: English, or the Urdu translation, for a shop that sends both texts
 * ("en+ur") and for an order placed on the Urdu storefront ("ur"): Meta keeps one translation per
 * language code, so both use the Urdu one.
 */
const languageCode = (language: OutgoingMessage["language"]) => (language === "en" ? "en" : "ur");

/**
 * The components of an authentication template (a password reset code, decision 0077): Meta's preset
 * text takes the code as the body's one parameter, and its copy-code button (created as type
 * "otp", sent as a URL button at index 0) takes the code again as its text parameter.
 */
function codeComponents(code: string): Record<string, unknown>[] {
  return [
    { type: "body", parameters: [{ type: "text", text: code }] },
    { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
  ];
}

/** The request body the Cloud API documents for a template message with quick-reply buttons. */
export function templateRequest(
  message: OutgoingMessage,
  templates: WhatsAppSettings["templates"],
): Record<string, unknown> {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.phone,
    type: "template",
    template: {
      name:
        message.kind === "phone_code"
          ? templates.password_code
          : message.kind === "new_order_alert"
            ? (templates.new_order_alert ?? "new_order_alert")
            : templates[message.kind],
      language: { code: languageCode(message.language) },
      components:
        message.kind === "password_code" || message.kind === "phone_code"
          ? codeComponents(message.parameters[0] ?? "")
          : [
              { type: "body", parameters: message.parameters.map((text) => ({ type: "text", text })) },
              ...message.buttons.map((payload, index) => ({
                type: "button",
                sub_type: "quick_reply",
                index: String(index),
                parameters: [{ type: "payload", payload }],
              })),
            ],
    },
    // echoed back in the status webhooks, so a status names our message even without the wamid
    biz_opaque_callback_data: `message:${message.id}`,
  };
}

/** 408 and 429 and 5xx are worth another try; any other refusal is about the message itself. */
const isPermanent = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

export function cloudApiTransport(settings: WhatsAppSettings, fetcher: typeof fetch = fetch): MessageTransport {
  const url = `${settings.apiUrl.replace(/\/+$/, "")}/${settings.apiVersion}/${settings.phoneNumberId}/messages`;
  return {
    name: "WhatsApp Cloud API",
    async send(message): Promise<SendResult> {
      let response: Response;
      try {
        response = await fetcher(url, {
          method: "POST",
          headers: { authorization: `Bearer ${settings.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify(templateRequest(message, settings.templates)),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new TransportError(`WhatsApp Cloud API unreachable: ${why}`.slice(0, 500), false);
      }
      const text = await response.text().catch(() => "");
      if (!response.ok) {
        let detail = text.slice(0, 300);
        try {
          const body = JSON.parse(text) as { error?: { message?: string; code?: number } };
          if (body.error?.message)
            detail = `${body.error.message}${body.error.code ? ` (code ${body.error.code})` : ""}`;
        } catch {
          // not JSON: the first characters of the answer say enough
        }
        throw new TransportError(
          `WhatsApp Cloud API answered ${response.status}: ${detail}`,
          isPermanent(response.status),
        );
      }
      let id: string | null = null;
      try {
        const body = JSON.parse(text) as { messages?: { id?: unknown }[] };
        const first = body.messages?.[0]?.id;
        id = typeof first === "string" && first.length <= 200 ? first : null;
      } catch {
        // taken (2xx) but no id: sent all the same; replies are then matched by the payloads
      }
      return { outcome: "sent", providerMessageId: id };
    },
  };
}
