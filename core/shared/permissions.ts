// Who on the staff may do what (decision 0053). Every staff use-case in core takes the
// acting StaffActor and calls requirePermission first, so a console page and the staff API are
// held to the same rule; the console's menu only hides what the rule already forbids.
// Browser-safe: the console's menu reads these tables too.

export const STAFF_ROLES = ["owner", "manager", "fulfilment", "catalogue"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** An area of the back office. */
export const PERMISSIONS = [
  "orders",
  // a manual order's shipping fee or discount set by hand, with a reason (decision 0057)
  "order_price_overrides",
  "customers",
  "products",
  "stock",
  "collections",
  "content",
  "reviews",
  "vouchers",
  // what couriers collected and paid, their rate cards and payment reports (decision 0106)
  "money",
  "audit",
  "staff",
  "settings",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

// the roles (decision 0053): owner everything; manager everything but staff accounts and store settings;
// fulfilment orders and customers; catalogue products, stock, collections, content and reviews
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => p !== "staff" && p !== "settings"),
  // fulfilment takes phone orders at the checkout's prices; changing a price is a manager's call
  fulfilment: ["orders", "customers"],
  catalogue: ["products", "stock", "collections", "content", "reviews"],
};

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  manager: "Manager",
  fulfilment: "Fulfilment",
  catalogue: "Catalogue",
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: "Everything, including staff accounts and store settings",
  manager: "Everything except staff accounts and store settings",
  fulfilment: "Orders and customers",
  catalogue: "Products, stock, collections, content and reviews",
};

export const NO_PERMISSION = "You do not have permission to do this.";

/** The staff member behind a console page or a staff API call. */
export interface StaffActor {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  /** the session (cookie or bearer token) that authenticated this request */
  sessionId: number;
  /** the client's address, for the audit log */
  ip: string | null;
  twoStepEnabled: boolean;
  /** an initial password the owner chose: the console asks for a new one before anything else */
  mustChangePassword: boolean;
  /** the owner requires two-step sign-in and this member has not set it up yet */
  mustSetUpTwoStep: boolean;
}

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function can(who: Pick<StaffActor, "role"> | null | undefined, permission: Permission): boolean {
  return !!who && ROLE_PERMISSIONS[who.role].includes(permission);
}
