// Couriers' payment reports through the staff API (decision 0107): a report uploaded (multipart:
// the courier, an account of it if the report is one account's, the CSV or XLSX file, and a
// mapping of its columns if staff choose one) is read and previewed, each row saying what it will
// do; the columns can be chosen again; Apply records the payments once. The mapping remembered
// per courier can be read and set. The money permission (owners and managers).
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { COURIER_CODES, COURIER_NAMES, type CourierCode } from "../../../core/couriers/courier";
import { applyPaymentReport } from "../../../core/remittances/report-apply";
import {
  listPaymentReports,
  previewPaymentReport,
  remapPaymentReport,
  showPaymentReport,
  type ListedReport,
  type ReportImport,
} from "../../../core/remittances/report-import";
import {
  DEDUCTION_FIELDS,
  getReportMapping,
  mappingInput,
  parseMappingJson,
  REPORT_FIELDS,
  saveReportMapping,
  type ReportMapping,
} from "../../../core/remittances/report-mapping";
import { ROW_OUTCOMES, type PlannedRow } from "../../../core/remittances/report-plan";
import { REPORT_LIMITS } from "../../../core/remittances/report-read";
import { AppError } from "../../../core/shared/errors";
import type { AppConfig } from "../../config";
import { hasUnsafeText } from "../../plugins/request-checks";
import { money } from "../../serialize";
import { idParams, idSchema, pageQuery } from "../http";
import { answerOf, answers, errorAnswerAbout, moment, pageOf, rupees } from "../answers";
import { sendPage, staffRoutes } from "./staff-routes";

const FILE_FIELD = "file";

const MULTIPART_OPTIONS = {
  limits: { fileSize: REPORT_LIMITS.bytes, files: 1, fields: 5, fieldSize: 12_000, parts: 6, headerPairs: 20 },
};

const courierSchema = z.enum(COURIER_CODES, { error: `courier must be one of ${COURIER_CODES.join(", ")}` });

/** The upload's fields and file; the multipart plugin's limits become messages that say what to do. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError(
      400,
      `Send the report as multipart/form-data: the file in the field "${FILE_FIELD}", and courier.`,
    );
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Uint8Array } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        const value = typeof part.value === "string" ? part.value : String(part.value);
        if (hasUnsafeText(value) || part.valueTruncated)
          throw new AppError(422, `${part.fieldname.slice(0, 40)}: too long, or holds characters that are not text.`);
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== FILE_FIELD) {
        await part.toBuffer().catch(() => undefined);
        throw new AppError(422, `${part.fieldname.slice(0, 40)}: send the report in the field "${FILE_FIELD}".`);
      }
      const bytes = await part.toBuffer();
      const name = part.filename && !hasUnsafeText(part.filename) ? part.filename : "report";
      file = { name, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError(413, `The file is too large: at most ${REPORT_LIMITS.bytes / 1024 / 1024} MB.`);
    if (code === "FST_FILES_LIMIT") throw new AppError(413, "Send one file at a time.");
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw new AppError(413, "The form has too many fields.");
    throw new AppError(400, "The upload could not be read: it broke off or is not valid multipart/form-data.");
  }
  if (!file || file.bytes.byteLength === 0)
    throw new AppError(422, `${FILE_FIELD}: choose the courier's payment report (CSV or XLSX).`);
  const courier = courierSchema.safeParse(fields.courier);
  if (!courier.success) throw new AppError(422, courier.error.issues[0]!.message);
  const account = fields.account_id?.trim() ? idSchema("account_id").safeParse(fields.account_id.trim()) : null;
  if (account && !account.success) throw new AppError(422, account.error.issues[0]!.message);
  return {
    courier: courier.data,
    accountId: account?.data ?? null,
    fileName: file.name.slice(0, 200),
    bytes: file.bytes,
    mapping: fields.mapping?.trim() ? parseMappingJson(fields.mapping) : null,
  };
}

const presentRow = (row: PlannedRow) => ({
  line: row.line,
  cn: row.cn,
  parcel_id: row.parcelId,
  order_id: row.orderId,
  outcome: row.outcome,
  says: row.says,
  reference: row.reference,
  paid_on: row.paidOn,
  collected: money(row.collected),
  paid: money(row.paid),
  deductions: Object.fromEntries(Object.entries(row.deductions).map(([kind, paisa]) => [kind, money(paisa ?? 0)])),
  net: money(row.net),
  result: row.result ?? null,
});

const presentMapping = (mapping: ReportMapping) => mapping as Record<string, string>;

function presentReport(report: ReportImport) {
  return {
    id: report.id,
    courier: report.courier,
    courier_name: COURIER_NAMES[report.courier],
    account_id: report.accountId,
    file_name: report.fileName,
    state: report.state,
    applying: report.applying,
    created_at: report.createdAt,
    applied_at: report.appliedAt,
    same_file_applied: report.sameFileApplied && {
      id: report.sameFileApplied.id,
      applied_at: report.sameFileApplied.appliedAt,
    },
    headings: report.headings,
    mapping: presentMapping(report.mapping),
    mapping_source: report.mappingSource,
    mapping_problem: report.mappingProblem,
    summary: report.summary,
    rows: report.rows.map(presentRow),
    page: report.page,
    pages: report.pages,
  };
}

const mappingAnswer = z
  .record(z.string(), z.string())
  .describe(`our field (${REPORT_FIELDS.join(", ")}) → the report's column heading`);

const rowAnswer = answerOf<ReturnType<typeof presentRow>>()(
  z.object({
    line: z.int().describe("the row's line in the file or sheet"),
    cn: z.string(),
    parcel_id: z.int().nullable(),
    order_id: z.int().nullable(),
    outcome: z.enum(ROW_OUTCOMES),
    says: z.string().describe("what the row will do, in words, with the figures it changes"),
    reference: z.string().nullable().describe("the payment batch: CPR, cheque, invoice or payment id"),
    paid_on: z.string().nullable(),
    collected: rupees.nullable(),
    paid: rupees.nullable(),
    deductions: z.record(z.string(), rupees).describe(`the mapped deductions by kind (${DEDUCTION_FIELDS.join(", ")})`),
    net: rupees.nullable().describe("net paid, made whole: collected less every deduction"),
    result: z.enum(["recorded", "changed", "unchanged", "not recorded"]).nullable().describe("once applied"),
  }),
);

const reportAnswer = answerOf<ReturnType<typeof presentReport>>()(
  z.object({
    id: z.int(),
    courier: z.enum(COURIER_CODES),
    courier_name: z.string(),
    account_id: z.int().nullable(),
    file_name: z.string(),
    state: z.enum(["previewed", "applied"]),
    applying: z.boolean(),
    created_at: moment,
    applied_at: moment.nullable(),
    same_file_applied: z
      .object({ id: z.int(), applied_at: moment })
      .nullable()
      .describe("this same file was applied before, for this courier"),
    headings: z.array(z.string()),
    mapping: mappingAnswer,
    mapping_source: z.enum(["given", "remembered", "guessed"]),
    mapping_problem: z.string().nullable(),
    summary: z
      .record(z.string(), z.int())
      .describe(`rows by outcome (${ROW_OUTCOMES.join(", ")}), rows, to_apply; once applied, applied_* by result`),
    rows: z.array(rowAnswer).describe("one page of rows, 100 a page"),
    page: z.int(),
    pages: z.int(),
  }),
);

const presentListed = (report: ListedReport) => ({
  id: report.id,
  courier: report.courier,
  courier_name: COURIER_NAMES[report.courier],
  file_name: report.fileName,
  state: report.state,
  summary: report.summary,
  created_at: report.createdAt,
  applied_at: report.appliedAt,
});

const listedAnswer = answerOf<ReturnType<typeof presentListed>>()(
  z.object({
    id: z.int(),
    courier: z.enum(COURIER_CODES),
    courier_name: z.string(),
    file_name: z.string(),
    state: z.enum(["previewed", "applied"]),
    summary: z.record(z.string(), z.int()),
    created_at: moment,
    applied_at: moment.nullable(),
  }),
);

const mappingProblem = errorAnswerAbout(
  "The file cannot be read (not CSV or XLSX, NUL bytes, a cell too long), or its columns hold no CN or no amount: then id names the import kept and headings the file's headings, to choose the columns",
);
const courierParams = z.object({ courier: courierSchema });
const pageParam = z.object({
  page: z.coerce
    .number()
    .int("page must be a whole number")
    .min(1, "page must be 1 or more")
    .max(1000, "page must be at most 1000")
    .default(1),
});
const mappingBody = z.object({ mapping: mappingInput });
const savedMapping = z.object({ courier: z.enum(COURIER_CODES), mapping: mappingAnswer.nullable() });

export async function adminPaymentReportRoutes(
  app: FastifyInstance,
  { core }: { core: CoreContext; config: AppConfig },
) {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);
  const staff = staffRoutes(app, core, "money");

  staff.post(
    "/admin/money/reports",
    {
      operationId: "previewPaymentReport",
      summary: `Reads a courier's payment report and previews it: multipart/form-data with courier (${COURIER_CODES.join(", ")}), account_id (optional: the report is that account's), ${FILE_FIELD} (CSV or XLSX, first sheet, at most ${REPORT_LIMITS.bytes / 1024 / 1024} MB and ${REPORT_LIMITS.rows.toLocaleString("en-US")} rows) and mapping (optional JSON, our field → heading; remembered for the courier). Without a mapping the courier's remembered one is used, else one guessed from the headings. Each row says what it will do; nothing about money is written until applied. 422 with id and headings when no CN or amount column is found`,
      response: answers({ 201: reportAnswer, 422: mappingProblem }, 400, 413),
    },
    async (actor, request, reply) => {
      const upload = await readUpload(request);
      const report = await previewPaymentReport(core, actor, upload);
      reply.code(201);
      return presentReport(report);
    },
  );

  staff.get(
    "/admin/money/reports",
    {
      operationId: "listPaymentReports",
      summary: "The payment reports uploaded, newest first, with their counts; previews not applied go after a day",
      querystring: pageQuery(100, 20),
      response: answers({ 200: pageOf(listedAnswer) }),
    },
    async (actor, request, reply) =>
      sendPage(reply, await listPaymentReports(core, actor, request.query), presentListed),
  );

  staff.get(
    "/admin/money/reports/:id",
    {
      operationId: "getPaymentReport",
      summary: "A payment report with one page of its rows (page, 100 rows a page) and what each does or did",
      params: idParams,
      querystring: pageParam,
      response: answers({ 200: reportAnswer }, 404),
    },
    async (actor, request) =>
      presentReport(await showPaymentReport(core, actor, request.params.id, request.query.page)),
  );

  staff.post(
    "/admin/money/reports/:id/mapping",
    {
      operationId: "remapPaymentReport",
      summary: "Reads a previewed report's rows again with another mapping of its columns, remembered for its courier",
      params: idParams,
      body: mappingBody,
      response: answers({ 200: reportAnswer }, 404, 409, 422),
    },
    async (actor, request) =>
      presentReport(await remapPaymentReport(core, actor, request.params.id, request.body.mapping as ReportMapping)),
  );

  staff.post(
    "/admin/money/reports/:id/apply",
    {
      operationId: "applyPaymentReport",
      summary:
        "Records the payments of a previewed report, once: each row that records or changes a payment, in batches, audited. Applying an applied report answers what it did; 409 while it is being applied",
      params: idParams,
      response: answers({ 200: reportAnswer }, 404, 409, 422),
    },
    async (actor, request) => presentReport(await applyPaymentReport(core, actor, request.params.id)),
  );

  staff.get(
    "/admin/money/report-mappings/:courier",
    {
      operationId: "getReportMapping",
      summary: "The mapping of report columns remembered for a courier; null until one is chosen",
      params: courierParams,
      response: answers({ 200: savedMapping }, 422),
    },
    async (actor, request) => {
      const courier: CourierCode = request.params.courier;
      const mapping = await getReportMapping(core, actor, courier);
      return { courier, mapping: mapping && presentMapping(mapping) };
    },
  );

  staff.put(
    "/admin/money/report-mappings/:courier",
    {
      operationId: "setReportMapping",
      summary:
        "Remembers which report column holds which field for a courier (cn, and collected or paid, needed); audited",
      params: courierParams,
      body: mappingBody,
      response: answers({ 200: savedMapping }, 422),
    },
    async (actor, request) => {
      const courier: CourierCode = request.params.courier;
      const saved = await saveReportMapping(core, actor, courier, request.body.mapping as ReportMapping);
      return { courier, mapping: presentMapping(saved) };
    },
  );
}
