import type { RichText as RichTextData } from "../../shared/generated/schema-types.ts";
import { parseInline } from "../../shared/inline-markup.ts";
import { SmartLink } from "./SmartLink.tsx";

/** Text with **strong**, *emphasis* and [links](/path), rendered as elements: never as HTML. */
export function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((token, i) => {
        switch (token.kind) {
          case "strong":
            return <strong key={i}>{token.text}</strong>;
          case "em":
            return <em key={i}>{token.text}</em>;
          case "link":
            return (
              <SmartLink key={i} to={token.to}>
                {token.text}
              </SmartLink>
            );
          default:
            return token.text;
        }
      })}
    </>
  );
}

/** Paragraphs and lists from YAML. */
export function RichText({ body }: { body: RichTextData }) {
  return (
    <>
      {body.map((entry, i) => {
        if (typeof entry === "string") {
          return (
            <p key={i}>
              <Inline text={entry} />
            </p>
          );
        }
        const items = entry.bullets ?? entry.numbered ?? [];
        const List = entry.bullets ? "ul" : "ol";
        return (
          <List key={i}>
            {items.map((item, j) => (
              <li key={j}>
                <Inline text={item} />
              </li>
            ))}
          </List>
        );
      })}
    </>
  );
}
