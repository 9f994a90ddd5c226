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
 * Plain text. You may write **bold**, _emphasis_ and [a link](/connect). Put it in quotes if it contains a colon followed by a space.
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
 *
 * Items: A paragraph of text, or a list written as bullets: [...] or numbered: [...].
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
 * The picture's width in pixels, as saved in the file (for an SVG, the width in its first line).
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "PictureWidth".
 */
export type PictureWidth = number;
/**
 * The picture's height in pixels, as saved in the file (for an SVG, the height in its first line).
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "PictureHeight".
 */
export type PictureHeight = number;
/**
 * A file under site/assets, written as it is served: site/assets/industries/health.svg is /industries/health.svg.
 */
export type Asset1 = string;
/**
 * A file under site/assets, written as it is served: site/assets/industries/health.svg is /industries/health.svg.
 */
export type Asset2 = string;
/**
 * A file under site/assets, written as it is served: site/assets/industries/health.svg is /industries/health.svg.
 */
export type Asset3 = string;
/**
 * A file under site/assets, written as it is served: site/assets/industries/health.svg is /industries/health.svg.
 */
export type Asset4 = string;
/**
 * Short labelled facts shown on the card, such as duration and fee.
 *
 * @minItems 1
 * @maxItems 8
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Facts".
 */
export type Facts = Fact[];
/**
 * The address whose pages are listed, such as /industries for /industries/health, /industries/education and so on. When there are more than cardsPerPage of them (site/_site.yaml, 48 when left out), this page shows the first ones and numbered pages the rest: this page's address followed by /page/2, /page/3 and so on, with a list of the pages under the cards.
 */
export type LinkRoute = string;
/**
 * Plain text. You may write **bold**, _emphasis_ and [a link](/connect). Put it in quotes if it contains a colon followed by a space.
 */
export type Text1 = string;
/**
 * Plain text. You may write **bold**, _emphasis_ and [a link](/connect). Put it in quotes if it contains a colon followed by a space.
 */
export type Text2 = string;
/**
 * The address of a page of this site, such as /industries.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "LinkRoute".
 */
export type LinkRoute1 = string;
/**
 * Plain text. You may write **bold**, _emphasis_ and [a link](/connect). Put it in quotes if it contains a colon followed by a space.
 */
export type Text3 = string;
/**
 * The address whose pages are counted, such as /industries for /industries/health, /industries/education and so on.
 */
export type LinkRoute2 = string;
/**
 * List the pages one level below this address automatically, by their card titles.
 */
export type LinkRoute3 = string;

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
   * One plain sentence saying what the picture shows, for people who cannot see it. Do not start with "Image of" and do not repeat the heading next to it. Leave it empty ("") only when the picture is decoration and also set decorative: true.
   */
  alt: string;
  /**
   * true when the picture adds nothing a reader needs; then alt must be empty.
   */
  decorative?: boolean;
  width: PictureWidth;
  height: PictureHeight;
  /**
   * true to leave this picture out on narrow screens (768px wide or less).
   */
  hideOnMobile?: boolean;
  phone?: PhoneImage;
}
/**
 * The same picture cut for phones held upright (768px wide or less and at least one and a half times as tall as wide): those phones fetch only this file, so a wide picture shown cropped on a narrow screen does not cost its full size. Give its own width and height.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "PhoneImage".
 */
export interface PhoneImage {
  src: Asset;
  width: PictureWidth;
  height: PictureHeight;
}
/**
 * The candidate login or registration form: an email and a password. Sign-in is simulated on this site: nothing is sent to a server.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "CandidateFormBlock".
 */
export interface CandidateFormBlock {
  /**
   * Always candidateForm for this block.
   */
  type: "candidateForm";
  id?: AnchorId;
  /**
   * login for the candidate login form, register for the registration form.
   */
  mode: "login" | "register";
  heading: Heading;
  intro?: Text;
  /**
   * The words on the submit button.
   */
  submitLabel?: string;
  alternate?: Action1;
}
/**
 * A button-like link with a label and a target.
 */
export interface Action1 {
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
 * One card: a title, a short text, and optionally a picture or video, facts and a button.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Card".
 */
export interface Card {
  id?: AnchorId;
  /**
   * The card's heading.
   */
  title: string;
  text: Text;
  image?: Image;
  video?: Video;
  facts?: Facts;
  action?: Action;
}
/**
 * A short, silent looping video with a still picture (poster) shown before it plays and to people who prefer less motion.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Video".
 */
export interface Video {
  src: Asset1;
  webm?: Asset2;
  poster: Image;
  /**
   * The same video cut and encoded for phones held upright (768px wide or less and at least one and a half times as tall as wide): those phones play this one instead. Give its poster a phone version too.
   */
  phone?: {
    src: Asset3;
    webm?: Asset4;
  };
}
/**
 * A labelled fact shown on a card, such as a duration or a fee.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Fact".
 */
export interface Fact {
  /**
   * What the fact is, such as Duration or Fee.
   */
  label: string;
  /**
   * The fact itself, exactly as visitors should read it.
   */
  value: string;
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
   */
  cards: Card[];
}
/**
 * Client stories, each with two pictures, the overview, challenges, solution, results and a testimonial.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "CaseStudiesBlock".
 */
export interface CaseStudiesBlock {
  /**
   * Always caseStudies for this block.
   */
  type: "caseStudies";
  id?: AnchorId;
  heading?: Heading;
  intro?: Text;
  /**
   * The case studies, in order. Each gets its own anchor id.
   *
   * @minItems 1
   * @maxItems 20
   *
   * Items: One client story.
   */
  studies: {
    id: AnchorId;
    /**
     * The case study's title.
     */
    title: string;
    image: Image;
    image2: Image1;
    overview: RichText;
    challenges: RichText;
    solution: RichText;
    results: RichText;
    /**
     * What the client said, and who said it.
     */
    testimonial: {
      quote: Text;
      /**
       * The person's name.
       */
      author: string;
      /**
       * The person's job title and company.
       */
      role?: string;
    };
    /**
     * Technologies used. Kept for reference; not shown on the page.
     *
     * Items: The name of one technology, such as Python.
     */
    keyTechnologies?: string[];
    /**
     * Further client feedback. Kept for reference; not shown on the page.
     */
    clientFeedback?: string;
    /**
     * What comes next for the client. Kept for reference; not shown on the page.
     */
    futurePlans?: string;
  }[];
}
/**
 * A picture with its size in pixels (so the page does not jump while it loads) and a short description for people who cannot see it.
 */
export interface Image1 {
  src: Asset;
  /**
   * One plain sentence saying what the picture shows, for people who cannot see it. Do not start with "Image of" and do not repeat the heading next to it. Leave it empty ("") only when the picture is decoration and also set decorative: true.
   */
  alt: string;
  /**
   * true when the picture adds nothing a reader needs; then alt must be empty.
   */
  decorative?: boolean;
  width: PictureWidth;
  height: PictureHeight;
  /**
   * true to leave this picture out on narrow screens (768px wide or less).
   */
  hideOnMobile?: boolean;
  phone?: PhoneImage;
}
/**
 * Cards made automatically from the pages one level below an address, using each page's card: field. Adding a page adds its card here.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "ChildCardsBlock".
 */
export interface ChildCardsBlock {
  /**
   * Always childCards for this block.
   */
  type: "childCards";
  id?: AnchorId;
  heading?: Heading;
  intro?: Text;
  from: LinkRoute;
  /**
   * The words of each card's link to its page. Leave it out for cards without that link.
   */
  linkLabel?: string;
  action?: Action2;
  /**
   * How many cards stand side by side on wide screens.
   */
  columns?: 2 | 3 | 4;
  /**
   * true to give each card an anchor id equal to its page's last address part (health for /industries/health).
   */
  anchors?: boolean;
  /**
   * Filled in automatically from the pages below the from: address. Do not write this field.
   *
   * Items: One card, made from a page's card: field.
   */
  cards?: {
    id?: AnchorId;
    /**
     * Copied from the page's card: title.
     */
    title: string;
    /**
     * Copied from the page's card: text.
     */
    text: string;
    image?: Image;
    facts?: Facts;
    /**
     * The address of the page the card stands for.
     */
    to: string;
  }[];
  /**
   * Filled in automatically when the listing has more cards than cardsPerPage in site/_site.yaml. Do not write this field.
   */
  pagination?: {
    /**
     * Which of the numbered pages this is, from 1.
     */
    page: number;
    /**
     * How many numbered pages the listing is split into.
     */
    pages: number;
    /**
     * The address of the page that shows the first cards, such as /industries/details; page 2 is that address followed by /page/2.
     */
    first: string;
  };
}
/**
 * A button-like link with a label and a target.
 */
export interface Action2 {
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
 * A panel inviting visitors to get in touch, with buttons. On phones only one button is shown instead of the panel.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "ContactPanelBlock".
 */
export interface ContactPanelBlock {
  /**
   * Always contactPanel for this block.
   */
  type: "contactPanel";
  id?: AnchorId;
  heading: Heading;
  text?: Text;
  actions: Actions;
  mobileAction: Action3;
}
/**
 * A button-like link with a label and a target.
 */
export interface Action3 {
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
   * What the enquiry is about: one of the subject choices the form offers (they are listed in the enquiryForm section of site/about-us/connect.yaml).
   */
  subject: string;
  /**
   * Anything else the visitor wants to tell us. Optional; may run over several lines.
   */
  message?: string;
  /**
   * Not typed by the visitor: the signed token the form fetched from the server (GET /api/v1/enquiries/challenge) with the time it was issued. Missing, altered, sent back within 3 seconds or after 24 hours, the enquiry is kept as spam and not delivered.
   */
  form_token?: string;
  /**
   * Not typed by the visitor: the ALTCHA answer the form's worker computed for the challenge that came with the form token (base64 JSON of the challenge and its solution). Missing, wrong or used before, the enquiry is kept as spam and not delivered.
   */
  altcha?: string;
  /**
   * Not typed by the visitor: how long the visitor took to fill in the form, in whole milliseconds, from their first input in it to pressing Send, measured by the form on the browser's monotonic clock (the proof of work's solving is not counted). Missing, or under 1.5 seconds, the enquiry is kept as spam and not delivered. The form sends at most 86400000 (a day).
   */
  fill_time_ms?: number;
  /**
   * Not typed by the visitor: how many times a hand acted on the form's fields before Send (a key pressed, a pointer or finger put down, a composition started, a paste or a drop), counted by the form from the events the browser marks as the visitor's own. Missing or 0 with a fill time under 20 seconds (fields that changed with nothing touching them, as a script fills them), the enquiry is kept as spam and not delivered. The form sends at most 100000.
   */
  fill_actions?: number;
  /**
   * Not shown to people: a hidden input only a bot fills in. Anything in it keeps the enquiry as spam, never delivered.
   */
  nx_check?: string;
}
/**
 * The contact page: a full-screen background picture with a white card holding the heading, an introduction and the enquiry form. Submitted enquiries go to the enquiry API. The checks and their alert messages are fixed by the specification; the words on this page are set here.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "EnquiryFormBlock".
 */
export interface EnquiryFormBlock {
  /**
   * Always enquiryForm for this block.
   */
  type: "enquiryForm";
  id?: AnchorId;
  heading: Heading;
  intro?: Text1;
  background?: Image2;
  /**
   * The label shown above each field of the form.
   */
  labels: {
    /**
     * The label of the first name field.
     */
    firstName: string;
    /**
     * The label of the last name field.
     */
    lastName: string;
    /**
     * The label of the email address field.
     */
    email: string;
    /**
     * The label of the country code choice (+91 or another code).
     */
    countryCode: string;
    /**
     * How the +91 choice (the default) is shown in the country code list.
     */
    india: string;
    /**
     * How the choice for any other country is shown in the country code list. Choosing it shows a field for the country's ISD code.
     */
    other: string;
    /**
     * The label of the field that appears when Other is chosen, where the visitor types their country's ISD code (such as +61).
     */
    customIsdCode: string;
    /**
     * The label of the phone number field (10 digits, without the country code).
     */
    phoneNumber: string;
    /**
     * The label of the subject list.
     */
    subject: string;
    /**
     * The label of the message box. The message is optional, so say so.
     */
    message: string;
  };
  /**
   * The first line of the subject list, shown until a subject is chosen. It cannot be chosen itself.
   */
  subjectPlaceholder: string;
  /**
   * The subjects a visitor can choose from, in the order shown. Each has the value we receive with the enquiry and, if different, the words shown in the list.
   *
   * @minItems 1
   * @maxItems 40
   *
   * Items: One subject choice.
   */
  subjects: {
    /**
     * What the enquiry's subject is set to when this choice is made; also shown in the list unless a label is given. Keep it stable: enquiries are sorted by it.
     */
    value: string;
    /**
     * The words shown in the list when they differ from the value.
     */
    label?: string;
  }[];
  /**
   * The words on the send button.
   */
  submitLabel: string;
  /**
   * The words on the send button while the enquiry is on its way. Leave it out to keep the usual label.
   */
  sendingLabel?: string;
  privacyNotice: Text2;
}
/**
 * A picture with its size in pixels (so the page does not jump while it loads) and a short description for people who cannot see it.
 */
export interface Image2 {
  src: Asset;
  /**
   * One plain sentence saying what the picture shows, for people who cannot see it. Do not start with "Image of" and do not repeat the heading next to it. Leave it empty ("") only when the picture is decoration and also set decorative: true.
   */
  alt: string;
  /**
   * true when the picture adds nothing a reader needs; then alt must be empty.
   */
  decorative?: boolean;
  width: PictureWidth;
  height: PictureHeight;
  /**
   * true to leave this picture out on narrow screens (768px wide or less).
   */
  hideOnMobile?: boolean;
  phone?: PhoneImage;
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
   * The banner's height on wide screens, in pixels: industry banners use 600, the careers banner 700. Leave it out for a banner that fits its text. Write the number alone, without px.
   */
  height?: number;
  actions?: Actions;
}
/**
 * A full-width video playing silently in a loop behind a welcome heading, text and buttons.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "IntroVideoBlock".
 */
export interface IntroVideoBlock {
  /**
   * Always introVideo for this block.
   */
  type: "introVideo";
  id?: AnchorId;
  video: Video;
  /**
   * A few words shown above the heading.
   */
  eyebrow?: string;
  heading: Heading;
  text?: Text;
  actions?: Actions;
  /**
   * What the button that stops the video says to screen readers.
   */
  pauseLabel?: string;
}
/**
 * A row of buttons or links, such as quick links to other sections of the site.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "LinkListBlock".
 */
export interface LinkListBlock {
  /**
   * Always linkList for this block.
   */
  type: "linkList";
  id?: AnchorId;
  heading?: Heading;
  intro?: Text;
  /**
   * The buttons, in order.
   *
   * @minItems 1
   * @maxItems 20
   */
  links: Action[];
}
/**
 * A strip of client logos that scrolls slowly and endlessly. It pauses when hovered or focused.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "LogoMarqueeBlock".
 */
export interface LogoMarqueeBlock {
  /**
   * Always logoMarquee for this block.
   */
  type: "logoMarquee";
  id?: AnchorId;
  heading?: Heading;
  intro?: Text;
  /**
   * The logos, in order. Each needs alt text with the company's name.
   *
   * @minItems 3
   * @maxItems 40
   */
  logos: Image[];
  /**
   * How long one full pass of the strip takes on wide screens.
   */
  seconds?: number;
  /**
   * How long one full pass of the strip takes on phones (768px wide or less).
   */
  mobileSeconds?: number;
}
/**
 * One page of the site. Its address comes from the file's place under site/: site/careers/index.yaml is /careers, site/courses/explore.yaml is /courses/explore.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Page".
 */
export interface Page {
  /**
   * Which version of the page format this file is written in. Leave it as it is: when the format changes, npm run migrate updates every page and this number.
   */
  schemaVersion: 2;
  /**
   * The title shown in the browser tab and in search results. Keep it between 10 and 60 characters and end it with | Nexa AI.
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
   *
   * Items: One more address for this page, starting with / and made of letters, digits and dashes.
   */
  aliases?: string[];
  /**
   * How this page appears as a card on the page above it (for example an industry on the industries overview, or a course on its group page). Pages with a card are listed automatically wherever a Cards of the pages below section lists their folder.
   */
  card?: {
    /**
     * The card's heading.
     */
    title: string;
    text: Text3;
    image?: Image;
    facts?: Facts;
    /**
     * Cards are listed by this number, smallest first; cards without it come after, by title.
     */
    order?: number;
  };
  /**
   * What social sites and chat apps show when someone shares this page. Leave it out and the build draws a card with the page's title, its section and the company name.
   */
  share?: {
    /**
     * The title drawn on the shared card instead of the page title, for a title too long or too plain to share well. Keep it under 70 characters.
     */
    title?: string;
    image?: Image3;
  };
  /**
   * Pages under /courses are described to search engines as courses, with the duration and fee from their card facts or programme table. Write course: false on the rare page under /courses that is not a course, such as a page of testimonials.
   */
  course?: false;
  /**
   * The parts of the page from top to bottom. Each starts with - type: and the block's name (hero, prose, cardGrid, table, …), followed by that block's fields. docs/BLOCKS.md lists every block.
   *
   * @minItems 1
   *
   * Items: One part of the page. Its type decides which fields it has.
   */
  sections: ((
    | AnchorsBlock
    | CandidateFormBlock
    | CardGridBlock
    | CaseStudiesBlock
    | ChildCardsBlock
    | ContactPanelBlock
    | EnquiryFormBlock
    | HeroBlock
    | IntroVideoBlock
    | LinkListBlock
    | LogoMarqueeBlock
    | ProfilesBlock
    | ProseBlock
    | SlideshowBlock
    | SplitBlock
    | TableBlock
  ) & {
    /**
     * Which kind of block this section is. It decides which other fields the section has.
     */
    type:
      | "anchors"
      | "candidateForm"
      | "cardGrid"
      | "caseStudies"
      | "childCards"
      | "contactPanel"
      | "enquiryForm"
      | "hero"
      | "introVideo"
      | "linkList"
      | "logoMarquee"
      | "profiles"
      | "prose"
      | "slideshow"
      | "split"
      | "table";
  })[];
}
/**
 * A picture with its size in pixels (so the page does not jump while it loads) and a short description for people who cannot see it.
 */
export interface Image3 {
  src: Asset;
  /**
   * One plain sentence saying what the picture shows, for people who cannot see it. Do not start with "Image of" and do not repeat the heading next to it. Leave it empty ("") only when the picture is decoration and also set decorative: true.
   */
  alt: string;
  /**
   * true when the picture adds nothing a reader needs; then alt must be empty.
   */
  decorative?: boolean;
  width: PictureWidth;
  height: PictureHeight;
  /**
   * true to leave this picture out on narrow screens (768px wide or less).
   */
  hideOnMobile?: boolean;
  phone?: PhoneImage;
}
/**
 * Profiles of people, each with a picture, name, title and a short description.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "ProfilesBlock".
 */
export interface ProfilesBlock {
  /**
   * Always profiles for this block.
   */
  type: "profiles";
  id?: AnchorId;
  heading?: Heading;
  intro?: Text;
  /**
   * The profiles, in order.
   *
   * @minItems 1
   * @maxItems 30
   *
   * Items: One person.
   */
  people: {
    /**
     * The person's full name.
     */
    name: string;
    /**
     * The person's role.
     */
    title: string;
    description: Text;
    image: Image;
  }[];
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
 * Pictures that take turns, one at a time, changing every few seconds. Visitors can pause it.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "SlideshowBlock".
 */
export interface SlideshowBlock {
  /**
   * Always slideshow for this block.
   */
  type: "slideshow";
  id?: AnchorId;
  heading?: Heading;
  intro?: Text;
  /**
   * The pictures, in order. Each has a caption that is shown with it.
   *
   * @minItems 2
   * @maxItems 6
   *
   * Items: One picture and its caption.
   */
  slides: {
    image: Image;
    /**
     * A short line shown with the picture.
     */
    caption: string;
  }[];
  /**
   * How long each slide stays, in milliseconds (4000 is four seconds).
   */
  interval?: number;
}
/**
 * A heading and text with a picture beside it on wide screens; on phones the picture sits above the text, or is hidden if the picture says hideOnMobile.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "SplitBlock".
 */
export interface SplitBlock {
  /**
   * Always split for this block.
   */
  type: "split";
  id?: AnchorId;
  heading: Heading;
  body: RichText;
  image: Image;
  /**
   * Which side the picture is on, on wide screens.
   */
  imageSide?: "left" | "right";
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
   *
   * Items: The heading of one column.
   */
  columns: string[];
  /**
   * The rows of the table. Each row is a list with one entry per column.
   *
   * @minItems 1
   * @maxItems 100
   */
  rows: (string | number)[][];
  /**
   * Short notes shown under the table, one paragraph each, such as what the fees include or when the next batch starts. You may write **bold**, _emphasis_ and [a link](/connect).
   *
   * @minItems 1
   * @maxItems 6
   */
  notes?: Text[];
  actions?: Actions;
}
/**
 * The environment variables the server (`npm start`, `npm run serve:api`) and `npm run enquiries` read. A value of spaces only counts as unset, and spaces around a value are ignored. Other environment variables are not settings and are ignored. A value that cannot work stops start-up with one line naming the variable, and exit code 2.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "ServerSettings".
 */
export interface ServerSettings {
  /**
   * The port to listen on; `0` lets the system pick a free one.
   */
  PORT?: number;
  /**
   * The address to listen on; `0.0.0.0` (or `::`) accepts connections from other machines.
   */
  HOST?: string;
  /**
   * The SQLite file enquiries are kept in, relative to the working directory; its folder is created. Not used when `DATABASE_URL` is set.
   */
  ENQUIRY_DB?: string;
  /**
   * A PostgreSQL URL (`postgres://` or `postgresql://`): PostgreSQL instead of the SQLite file, so several instances can share one database ([scaling.md](scaling.md)). Unset: the SQLite file of `ENQUIRY_DB`.
   */
  DATABASE_URL?: string;
  /**
   * PostgreSQL connections per instance. Instances × pool size must stay below PostgreSQL's `max_connections` (100 unless changed).
   */
  DATABASE_POOL_SIZE?: number;
  /**
   * How long an enquiry is kept; the default, two years, is long enough to answer and follow up an enquiry, as the privacy policy says. Older enquiries and their deliveries are removed at start-up and then daily, and by `npm run enquiries -- purge` ([api.md](api.md#personal-data)). Use the same value on every instance.
   */
  ENQUIRY_RETENTION_DAYS?: number;
  /**
   * Stored enquiries per client IP in any 10 minutes, counted across every instance sharing the database; `0` turns the limit off.
   */
  ENQUIRY_RATE_LIMIT?: number;
  /**
   * The reverse proxies' addresses or CIDR ranges, comma-separated (also `loopback`, `linklocal`, `uniquelocal`). Only a request arriving from one of them has its `X-Forwarded-For` (the client IP, which the rate limit counts by) and `X-Forwarded-Proto: https` (HSTS) believed, so a client that reaches the server directly cannot choose its address. `true` or a hop count is refused: it would believe anyone. Unset, `false` or `0`: no proxy is trusted, and behind one every visitor shares the proxy's IP.
   */
  TRUST_PROXY?: string;
  /**
   * Where the browser sends enquiries, read by the client build too. Unset: this same origin. When it is another origin, the server's Content-Security-Policy allows connecting to it.
   */
  VITE_API_BASE?: string;
  /**
   * Comma-separated origins allowed to post enquiries from a browser, when the site is hosted on another origin than the API ([api.md](api.md#cors-only-when-the-site-and-the-api-are-on-different-origins)). Unset: none.
   */
  ENQUIRY_CORS_ORIGINS?: string;
  /**
   * The key of the IP hash kept with each enquiry. Unset, a random key is made on first start and kept in the database; set it to keep the key out of the database file, with the same value on every instance.
   */
  ENQUIRY_IP_HASH_KEY?: string;
  /**
   * Signs the form's time tokens and proof-of-work challenges ([api.md](api.md#spam)); make one with `openssl rand -hex 32`. Unset, a random key is made on first start and kept in the database; set it to keep the key out of the database file, with the same value on every instance (a token fetched from one instance is checked by another).
   */
  ENQUIRY_FORM_SECRET?: string;
  /**
   * `off` stores and delivers every valid enquiry without the spam checks: only for trusted clients that post without the form (a load test, an integration between servers).
   */
  ENQUIRY_SPAM_DEFENCES?: ("on" | "off") & string;
  /**
   * The Unicode scripts staff read, comma-separated; letters in any other raise an enquiry's spam score.
   */
  ENQUIRY_READ_SCRIPTS?: string;
  /**
   * The least severe log line written; `debug` adds a line per request.
   */
  LOG_LEVEL?: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * `human`: one readable line each (time, level, message); `json`: one JSON object per line (pino), for a log collector.
   */
  LOG_FORMAT?: "human" | "json";
  /**
   * The browser editor at `/admin/` inside `npm start`, behind staff sign-in with passkeys ([editor.md](editor.md#staff-sign-in-the-editor-inside-npm-start)). `auto`: on when a staff account exists at start-up (`npm run staff -- invite` makes the first); `on`: always; `off`: never. With several instances, exactly one runs the editor: `off` on the others. Not `EDITOR`, which shells keep for the text editor (`vi`).
   */
  SITE_EDITOR?: "auto" | "on" | "off";
  /**
   * The git working copy the editor changes and publishes from (the folder holding `site/`), relative to the working directory.
   */
  EDITOR_REPO?: string;
  /**
   * The site's public origin as staff open it, such as `https://www.example.com`: passkeys are bound to its host, invite links point to it, and the editor accepts changes only from pages of it. Unset: each request's own scheme and host, and invite links to `http://localhost:` and `PORT`. Set it in production.
   */
  EDITOR_ORIGIN?: string;
  /**
   * The git remote a publish from the editor pushes to: a remote's name in `EDITOR_REPO` or a URL. Each publish first fetches the remote's copy of the checked-out branch and rebases onto it, so changes pushed by others are kept; when both changed the same lines, nothing is published or pushed, the publisher is told which files, and the working copy stays as it was. Unset: the branch's own upstream (or `origin`) when there is one, without fetching first.
   */
  EDITOR_GIT_REMOTE?: string;
  /**
   * The SMTP server each new enquiry is emailed through ([notifications.md](notifications.md)). `smtps://` is TLS from the first byte (port 465 unless given); `smtp://` starts plain (port 587 unless given) and switches to TLS with STARTTLS whenever the server offers it, and always when the URL has a password ([notifications.md](notifications.md#tls-and-the-password)). User and password go in the URL, percent-encoded (`p@ss` is `p%40ss`); leave both out for a relay that needs no login. Needs `ENQUIRY_NOTIFY_FROM` and `ENQUIRY_NOTIFY_TO`. Unset: no email.
   */
  ENQUIRY_NOTIFY_SMTP_URL?: string;
  /**
   * Only for a relay you trust on the same host or network that cannot do TLS: lets an SMTP password go without it. Otherwise a password over `smtp://` requires STARTTLS, and start-up refuses a server that answers without it.
   */
  ENQUIRY_NOTIFY_SMTP_INSECURE?: ("1" | "0") & string;
  /**
   * The sender of the emails: one address, with or without a name. Required with `ENQUIRY_NOTIFY_SMTP_URL`; use an address your SMTP server may send as.
   */
  ENQUIRY_NOTIFY_FROM?: string;
  /**
   * Who receives enquiries: addresses separated by commas. Required with `ENQUIRY_NOTIFY_SMTP_URL`.
   */
  ENQUIRY_NOTIFY_TO?: string;
  /**
   * Routing by subject: enquiries whose subject is one of these (compared without regard to case) go to that route's addresses instead of `ENQUIRY_NOTIFY_TO`. The subjects are the `value`s of the form's subject list in `site/about-us/connect.yaml`; this variable is the one place routing is kept.
   */
  ENQUIRY_NOTIFY_ROUTES?: string;
  /**
   * Where each new enquiry is POSTed as signed JSON ([notifications.md](notifications.md)). `https://`, or `http://` to a private address or name only: loopback, 10/8, 172.16/12, 192.168/16, 169.254/16, 100.64/10, fc00::/7, fe80::/10 (IPv4-mapped IPv6 too), `localhost`, a name without a dot (a container's or a LAN host's), or one ending in `.internal`, `.local`, `.localhost` or `.home.arpa`. Needs `ENQUIRY_WEBHOOK_SECRET`. Unset: no webhook.
   */
  ENQUIRY_WEBHOOK_URL?: string;
  /**
   * Signs every webhook ([notifications.md](notifications.md#the-webhook-and-its-signature)); make one with `openssl rand -hex 32`. Required with `ENQUIRY_WEBHOOK_URL`.
   */
  ENQUIRY_WEBHOOK_SECRET?: string;
  /**
   * Allows an `http://` webhook to a public address on purpose: enquiries then cross the internet unencrypted.
   */
  ENQUIRY_WEBHOOK_ALLOW_HTTP?: ("1" | "0") & string;
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
   * Told to search engines with every course (schema.org CourseInstance.courseMode, shown in Google's course listings): online, onsite (in a classroom) or blended (both).
   */
  courseMode: "online" | "onsite" | "blended";
  /**
   * Who answers for the personal data visitors send through the enquiry form, as India's Digital Personal Data Protection Act asks. Pages name the grievance officer by writing {grievanceOfficer} in a text: it becomes their name, role and email address.
   */
  privacy?: {
    /**
     * The person visitors contact about their personal data: to see, correct or erase it, or to complain.
     */
    grievanceOfficer: {
      /**
       * The grievance officer's full name.
       */
      name: string;
      /**
       * Their role, shown after the name. Leave it out for "Grievance Officer".
       */
      role?: string;
      /**
       * The address that reaches them, such as grievance@example.com.
       */
      email: string;
    };
  };
  /**
   * Numbers that texts say in words, counted from the pages so they never go stale. Write {count:industries} in any text of a page or of this file and the build writes the number in words ("ten", or "Ten" where a sentence starts). In a page, {count} alone is the number of pages its childCards block lists, or, outside such a block, the number of pages listed below the page itself.
   *
   * Items: One named number: how many pages with a card: are listed below an address.
   */
  counts?: {
    /**
     * What texts write after count: to say this number, as in {count:industries}.
     */
    name: string;
    from: LinkRoute2;
    /**
     * 1 counts the pages one level below the address, as a childCards block lists them; 2 counts the pages listed below those (every course of every course group).
     */
    depth?: 1 | 2;
    /**
     * The nouns that follow this number in texts. A number written in words before one of them ("Ten sectors") that is not what the pages count is reported, with the token to write instead.
     *
     * @minItems 1
     *
     * Items: A noun in lower case, as it follows the number: industries, sectors, courses.
     */
    words: string[];
  }[];
  /**
   * How many cards a listing of the pages below (a childCards section) shows on one page. A listing with more is split into numbered pages: /industries/details shows the first ones, /industries/details/page/2 the next, and so on, each with a list of the pages under its cards; the page's hero comes with them, its other sections stay on the first page. Counts such as {count:industries} still count every card. 48 when left out.
   */
  cardsPerPage?: number;
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
      /**
       * The large panel that opens from this item, with groups of links. Leave it out for an item without a panel (Home).
       */
      panel?: {
        /**
         * The heading at the top of the panel.
         */
        heading: string;
        /**
         * One or two sentences under the heading.
         */
        text?: string;
        /**
         * Columns of links in the panel.
         *
         * @minItems 1
         * @maxItems 6
         *
         * Items: A column of links: write them under links:, or give from: an address to list the pages below it automatically (at most listLimit of them), followed by the all: link.
         */
        groups: {
          /**
           * The column's heading.
           */
          heading: string;
          /**
           * The links of this column.
           *
           * @minItems 1
           * @maxItems 20
           */
          links?: Action[];
          from?: LinkRoute3;
          all?: Action4;
        }[];
      };
    }[];
    contact: Action;
    /**
     * How many pages a panel group with from: lists, in card order, before its "All …" link. The overview page still lists every one.
     */
    listLimit?: number;
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
     *
     * Items: One social network profile: its name, its address and its icon.
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
/**
 * A button-like link with a label and a target.
 */
export interface Action4 {
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
