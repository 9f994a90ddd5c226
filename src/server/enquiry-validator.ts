// The API checks enquiries with the same contract the contact form uses: schema/enquiry.schema.json,
// compiled ahead of time (no page schema and no ajv compiler are loaded by the server for this).
export { validateEnquiry } from "../shared/enquiry-contract.ts";
