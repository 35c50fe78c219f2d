// The staff API under /api/admin: the same core use-cases as the console.
import type { FastifyInstance } from "fastify";
import type { CoreContext } from "../../../core/context";
import type { AppConfig } from "../../config";
import { adminAuditLogRoutes } from "./audit-log";
import { adminCollectionRoutes } from "./collections";
import { adminContentRoutes } from "./content";
import { adminCustomerRoutes } from "./customers";
import { adminManualOrderRoutes } from "./manual-orders";
import { adminMessageRoutes } from "./messages";
import { adminOrderExchangeRoutes } from "./order-exchanges";
import { adminOrderExportRoutes } from "./order-export";
import { adminOrderRoutes } from "./orders";
import { adminProductPhotoRoutes } from "./product-photos";
import { adminProductRoutes } from "./products";
import { adminProductCsvRoutes } from "./product-csv";
import { adminReviewRoutes } from "./reviews";
import { adminSessionRoutes } from "./session";
import { adminSettingsRoutes } from "./settings";
import { adminSiteImageRoutes } from "./site-images";
import { adminStoreDetailsRoutes } from "./settings";
import { adminStaffRoutes } from "./staff";
import { adminVoucherRoutes } from "./vouchers";
import { adminStockRoutes } from "./stock";
import { adminReplyRoutes } from "./replies";
import { adminBlockListRoutes } from "./block-list";
import { adminOrderSignalRoutes } from "./order-signals";
import { adminOrderCallRoutes } from "./order-calls";
import { adminConfirmationFigureRoutes } from "./confirmation-figures";
import { adminCurrencyRateRoutes } from "./currency-rates";
import { adminParcelRoutes } from "./parcels";
import { adminParcelAttentionRoutes } from "./parcel-attention";
import { adminCityRoutes } from "./cities";
import { adminCourierRoutes } from "./couriers";
import { adminMoneyRoutes } from "./money";
import { adminPaymentReportRoutes } from "./payment-reports";
import { adminRateCardRoutes } from "./rate-cards";
import { adminParcelPaymentRoutes } from "./parcel-payments";

export async function adminRoutes(app: FastifyInstance, options: { core: CoreContext; config: AppConfig }) {
  // Every staff answer (customers' names, phones and addresses, a CSV, a packing slip, an error)
  // is never kept by a browser, a proxy or a CDN: set here once, for the routes registered below
  // and for answers no handler wrote (a 401 from the guard, a 404, a validation error).
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  await app.register(adminSessionRoutes, options);
  await app.register(adminStaffRoutes, options);
  await app.register(adminAuditLogRoutes, options);
  await app.register(adminSettingsRoutes, options);
  await app.register(adminStoreDetailsRoutes, options);
  await app.register(adminCurrencyRateRoutes, options);
  await app.register(adminCityRoutes, options);
  await app.register(adminCourierRoutes, options);
  await app.register(adminCustomerRoutes, options);
  await app.register(adminOrderRoutes, options);
  await app.register(adminManualOrderRoutes, options);
  await app.register(adminOrderExchangeRoutes, options);
  await app.register(adminOrderExportRoutes, options);
  await app.register(adminReviewRoutes, options);
  await app.register(adminProductPhotoRoutes, options);
  await app.register(adminCollectionRoutes, options);
  await app.register(adminVoucherRoutes, options);
  await app.register(adminProductRoutes, options);
  await app.register(adminContentRoutes, options);
  await app.register(adminStockRoutes, options);
  await app.register(adminProductCsvRoutes, options);
  await app.register(adminSiteImageRoutes, options);
  await app.register(adminMessageRoutes, options);
  await app.register(adminReplyRoutes, options);
  await app.register(adminBlockListRoutes, options);
  await app.register(adminOrderSignalRoutes, options);
  await app.register(adminOrderCallRoutes, options);
  await app.register(adminConfirmationFigureRoutes, options);
  await app.register(adminParcelRoutes, options);
  await app.register(adminParcelAttentionRoutes, options);
  await app.register(adminMoneyRoutes, options);
  await app.register(adminPaymentReportRoutes, options);
  await app.register(adminRateCardRoutes, options);
  await app.register(adminParcelPaymentRoutes, options);
}
