import type { Registry } from "./types.ts";

/**
 * Block type → loader of its component. Keys sorted; one line per block (see DESIGN.md, "Blocks").
 * Each block is its own chunk, so a page loads only the blocks it uses; the component of type
 * `fooBar` is `FooBar`, exported by `./FooBar.tsx` (the build preloads that file's chunk, see src/shared/block-source.ts).
 */
export const registry: Registry = {
  anchors: () => import("./Anchors.tsx").then((m) => m.Anchors),
  candidateForm: () => import("./CandidateForm.tsx").then((m) => m.CandidateForm),
  cardGrid: () => import("./CardGrid.tsx").then((m) => m.CardGrid),
  caseStudies: () => import("./CaseStudies.tsx").then((m) => m.CaseStudies),
  childCards: () => import("./ChildCards.tsx").then((m) => m.ChildCards),
  contactPanel: () => import("./ContactPanel.tsx").then((m) => m.ContactPanel),
  enquiryForm: () => import("./EnquiryForm.tsx").then((m) => m.EnquiryForm),
  hero: () => import("./Hero.tsx").then((m) => m.Hero),
  introVideo: () => import("./IntroVideo.tsx").then((m) => m.IntroVideo),
  linkList: () => import("./LinkList.tsx").then((m) => m.LinkList),
  logoMarquee: () => import("./LogoMarquee.tsx").then((m) => m.LogoMarquee),
  profiles: () => import("./Profiles.tsx").then((m) => m.Profiles),
  prose: () => import("./Prose.tsx").then((m) => m.Prose),
  slideshow: () => import("./Slideshow.tsx").then((m) => m.Slideshow),
  split: () => import("./Split.tsx").then((m) => m.Split),
  table: () => import("./Table.tsx").then((m) => m.Table),
};
