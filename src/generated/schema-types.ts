/* Generated from schema/*.json by `npm run gen:types`. Do not edit: change the schema and regenerate. */

/**
 * Where the link goes: a page of this site (/careers, or /careers#job-search for a part of it), or a full address starting with https:, mailto: or tel:.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Link".
 */
export type Link = string;
/**
 * One or more buttons shown together.
 *
 * @minItems 1
 * @maxItems 6
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Actions".
 */
export type Actions = Action[];
/**
 * A short name for this part of the page, so links can jump to it with /page#name. Lower-case letters, digits and dashes; unique on the page.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "AnchorId".
 */
export type AnchorId = string;
/**
 * The heading of this part of the page. The first part's heading is the page's main heading.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Heading".
 */
export type Heading = string;
/**
 * Plain text. You may write **bold**, _emphasis_ and [a link](/connect).
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Text".
 */
export type Text = string;
/**
 * Paragraphs and lists. Each entry is a paragraph (plain text, which may contain **bold**, _emphasis_ and [links](/connect)), or a list: {bullets: [...]} or {numbered: [...]}.
 *
 * @minItems 1
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "RichText".
 */
export type RichText = (
  | Text
  | {
      /**
       * The items of a bulleted list.
       *
       * @minItems 1
       */
      bullets?: Text[];
      /**
       * The items of a numbered list.
       *
       * @minItems 1
       */
      numbered?: Text[];
    }
)[];
/**
 * A file under site/assets, written as it is served: site/assets/industries/health.svg is /industries/health.svg.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Asset".
 */
export type Asset = string;

/**
 * A button-like link with a label and a target.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Action".
 */
export interface Action {
  /**
   * The words on the button.
   */
  label: string;
  to: Link;
  /**
   * true to open the target in a new browser tab (use it for other websites).
   */
  external?: boolean;
  /**
   * primary is the bold accent button; secondary is outlined; link is plain text.
   */
  style?: "primary" | "secondary" | "link";
}
/**
 * Several sections, each with its own anchor id so links can jump to it, and a list of links to them at the top.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "AnchorsBlock".
 */
export interface AnchorsBlock {
  /**
   * Always anchors for this block.
   */
  type: "anchors";
  id?: AnchorId;
  heading?: Heading;
  intro?: Text;
  /**
   * What the list of links at the top is called, for screen readers and as its small heading.
   */
  navLabel?: string;
  /**
   * The sections, in order. Each appears in the link list at the top.
   *
   * @minItems 1
   * @maxItems 30
   *
   * Items: One anchored section.
   */
  sections: {
    id: AnchorId;
    /**
     * Other names links may use to jump to this section, such as an older spelling.
     *
     * @minItems 1
     */
    altIds?: AnchorId[];
    heading: Heading;
    body: RichText;
    image?: Image;
    action?: Action;
  }[];
}
/**
 * A picture with its size in pixels (so the page does not jump while it loads) and a short description for people who cannot see it.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Image".
 */
export interface Image {
  src: Asset;
  /**
   * One plain sentence saying what the picture shows. Leave it empty ("") only when the picture is decoration and also set decorative: true.
   */
  alt: string;
  /**
   * true when the picture adds nothing a reader needs; then alt must be empty.
   */
  decorative?: boolean;
  /**
   * The picture's width in pixels.
   */
  width: number;
  /**
   * The picture's height in pixels.
   */
  height: number;
  /**
   * true to leave this picture out on narrow screens (768px wide or less).
   */
  hideOnMobile?: boolean;
}
/**
 * A heading and a grid of cards, each with a title, a short text, an optional picture and an optional button.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "CardGridBlock".
 */
export interface CardGridBlock {
  /**
   * Always cardGrid for this block.
   */
  type: "cardGrid";
  id?: AnchorId;
  heading?: Heading;
  intro?: Text;
  /**
   * How many cards stand side by side on wide screens. Phones always show one.
   */
  columns?: 2 | 3 | 4;
  /**
   * The cards, in the order they are shown.
   *
   * @minItems 1
   * @maxItems 40
   *
   * Items: One card.
   */
  cards: {
    id?: AnchorId;
    /**
     * The card's heading.
     */
    title: string;
    text: Text;
    image?: Image;
    action?: Action;
  }[];
}
/**
 * What the contact form at /connect sends to the server when a visitor submits an enquiry.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Enquiry".
 */
export interface Enquiry {
  /**
   * The visitor's first (given) name, as they typed it.
   */
  first_name: string;
  /**
   * The visitor's last (family) name, as they typed it.
   */
  last_name: string;
  /**
   * The email address we reply to, for example name@example.com.
   */
  email: string;
  /**
   * The phone number with its country code in front and no spaces: a plus sign, a country code of 1 to 4 digits, then exactly 10 digits, for example +919876543210.
   */
  phone: string;
  /**
   * What the enquiry is about: one of the subject choices the form offers (they are listed in site/_site.yaml).
   */
  subject: string;
  /**
   * Anything else the visitor wants to tell us. Optional; may run over several lines.
   */
  message?: string;
}
/**
 * A large banner at the top of a page: a heading, a short introduction, optional buttons and an optional background picture.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "HeroBlock".
 */
export interface HeroBlock {
  /**
   * Always hero for this block.
   */
  type: "hero";
  id?: AnchorId;
  /**
   * A few words shown above the heading, such as the section name.
   */
  eyebrow?: string;
  heading: Heading;
  text?: Text;
  image?: Image;
  /**
   * The banner's height on wide screens, in pixels. Leave it out for a banner that fits its text.
   */
  height?: number;
  actions?: Actions;
}
/**
 * One page of the site. Its address comes from the file's place under site/: site/careers/index.yaml is /careers, site/courses/explore.yaml is /courses/explore.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Page".
 */
export interface Page {
  /**
   * The title shown in the browser tab and in search results. Keep it under 60 characters.
   */
  title: string;
  /**
   * One or two sentences that search engines show under the title. Aim for 70 to 160 characters.
   */
  description: string;
  /**
   * Other addresses that show this same page, such as /careers/careerall for /careers. Search engines are told the page's own address is the main one.
   *
   * @minItems 1
   */
  aliases?: string[];
  /**
   * The parts of the page from top to bottom. Each has a type (hero, cardGrid, table, anchors, prose) and that type's fields.
   *
   * @minItems 1
   *
   * Items: One part of the page. Its type decides which fields it has.
   */
  sections: ((AnchorsBlock | CardGridBlock | HeroBlock | ProseBlock | TableBlock) & {
    /**
     * Which kind of block this section is: anchors, cardGrid, hero, prose or table. It decides which other fields the section has.
     */
    type: string;
  })[];
}
/**
 * A heading and a few paragraphs or lists of text.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "ProseBlock".
 */
export interface ProseBlock {
  /**
   * Always prose for this block.
   */
  type: "prose";
  id?: AnchorId;
  heading?: Heading;
  body: RichText;
  actions?: Actions;
}
/**
 * A table of facts such as fees and durations. On phones each row is shown as a small card.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "TableBlock".
 */
export interface TableBlock {
  /**
   * Always table for this block.
   */
  type: "table";
  id?: AnchorId;
  heading?: Heading;
  intro?: Text;
  /**
   * A one-line summary of the table, read out by screen readers.
   */
  caption?: string;
  /**
   * The heading of each column, left to right.
   *
   * @minItems 1
   * @maxItems 8
   */
  columns: string[];
  /**
   * The rows of the table. Each row is a list with one entry per column.
   *
   * @minItems 1
   * @maxItems 100
   */
  rows: (string | number)[][];
  note?: Text;
  actions?: Actions;
}
/**
 * Settings for the whole site: names, the header navigation, the footer and social links. Lives in site/_site.yaml.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Site".
 */
export interface Site {
  /**
   * The company's name as visitors see it.
   */
  company: string;
  /**
   * The product's short name, used in some addresses (/my-nexa).
   */
  product: string;
  /**
   * The site's public address without a trailing slash, used in links that search engines and social sites read.
   */
  url: string;
  /**
   * The language of the site's text, as a language code.
   */
  language?: string;
  /**
   * The bar at the top of every page.
   */
  header: {
    logo: Image;
    /**
     * The main navigation, left to right.
     *
     * @minItems 1
     * @maxItems 10
     *
     * Items: One entry of the main navigation.
     */
    items: {
      /**
       * The words shown in the navigation.
       */
      label: string;
      to: Link;
    }[];
    contact: Action;
  };
  /**
   * The bar at the bottom of every page.
   */
  footer: {
    /**
     * A short line about the company.
     */
    tagline?: string;
    /**
     * Links shown in the footer.
     *
     * @minItems 1
     */
    links: Action[];
    /**
     * The company's profiles on social networks. They open in a new tab.
     */
    social: {
      /**
       * The network's name, read out to screen-reader users.
       */
      label: string;
      to: Link;
      icon: Asset;
    }[];
    /**
     * The small print at the very bottom.
     */
    copyright: string;
  };
}
