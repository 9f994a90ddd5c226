import { Anchors } from "./Anchors.tsx";
import { CandidateForm } from "./CandidateForm.tsx";
import { CardGrid } from "./CardGrid.tsx";
import { CaseStudies } from "./CaseStudies.tsx";
import { ChildCards } from "./ChildCards.tsx";
import { ContactPanel } from "./ContactPanel.tsx";
import { EnquiryForm } from "./EnquiryForm.tsx";
import { Hero } from "./Hero.tsx";
import { IntroVideo } from "./IntroVideo.tsx";
import { LinkList } from "./LinkList.tsx";
import { LogoMarquee } from "./LogoMarquee.tsx";
import { Profiles } from "./Profiles.tsx";
import { Prose } from "./Prose.tsx";
import { Slideshow } from "./Slideshow.tsx";
import { Split } from "./Split.tsx";
import { Table } from "./Table.tsx";
import type { Registry } from "./types.ts";

/** Block type → component. Keys sorted; one line per block (see DESIGN.md, "Blocks"). */
export const registry: Registry = {
  anchors: Anchors,
  candidateForm: CandidateForm,
  cardGrid: CardGrid,
  caseStudies: CaseStudies,
  childCards: ChildCards,
  contactPanel: ContactPanel,
  enquiryForm: EnquiryForm,
  hero: Hero,
  introVideo: IntroVideo,
  linkList: LinkList,
  logoMarquee: LogoMarquee,
  profiles: Profiles,
  prose: Prose,
  slideshow: Slideshow,
  split: Split,
  table: Table,
};
