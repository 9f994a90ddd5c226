import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Table } from "../../../../src/app/blocks/Table.tsx";
import { SiteRouter } from "../../../../src/app/lib/location.tsx";

describe("table notes (page format version 2)", () => {
  it("draws each note as its own paragraph under the table, with inline markup", () => {
    const out = renderToString(
      <SiteRouter ssrPath="/">
        <Table type="table" columns={["Duration"]} rows={[["6 months"]]} notes={["Next batches: **October 2025**.", "Seats: 300, strictly limited."]} />
      </SiteRouter>,
    );
    const after = out.slice(out.indexOf("</table>"));
    expect(after.match(/<p class="[^"]*">/g)).toHaveLength(2);
    expect(after).toContain("Next batches: <strong>October 2025</strong>.");
    expect(after).toContain("Seats: 300, strictly limited.");
  });

  it("draws no note paragraph when there are none", () => {
    const out = renderToString(
      <SiteRouter ssrPath="/">
        <Table type="table" columns={["Duration"]} rows={[["6 months"]]} />
      </SiteRouter>,
    );
    expect(out.slice(out.indexOf("</table>"))).not.toContain("<p");
  });
});
