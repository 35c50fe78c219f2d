// The words an order is described in, as the database stores them: statuses, timeline event
// kinds, where an order came from, the fake-order signals, what a blocked entry is, and what a
// WhatsApp reply came to. Pages and the API take them from here, never from db/schema (decision
// 0098).
export {
  BLOCKED_KINDS,
  INBOUND_OUTCOMES,
  ORDER_EVENT_KINDS,
  ORDER_SOURCES,
  ORDER_STATUSES,
  RISK_SIGNALS,
  type OrderStatus,
} from "../../db/schema";
