// Sign-out: a POST from the console's top bar (a GET that signs out could be set off by any page).
import { redirect } from "react-router";
import { forgetSessionDevices } from "../../../core/orders/order-alerts";
import { signOutStaff } from "../../../core/staff/sign-in";
import { findStaffSession } from "../../../core/staff/sessions";
import { clearStaffCookie, clientOf, staffToken } from "../../lib/staff.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = staffToken(request);
  // a half-open (code owed) session is ended too
  const found = token
    ? ((await findStaffSession(context.core, token, "console", clientOf(request, context.clientIp))) ??
      (await findStaffSession(context.core, token, "console", clientOf(request, context.clientIp), { pending: true })))
    : null;
  if (found) {
    // the devices this session turned notifications on for stop getting them (decision 0094)
    await forgetSessionDevices(context.core, found.actor.sessionId);
    await signOutStaff(context.core, found.actor);
  }
  return redirect("/admin/login?signed_out=1", { headers: { "set-cookie": clearStaffCookie(request) } });
}
