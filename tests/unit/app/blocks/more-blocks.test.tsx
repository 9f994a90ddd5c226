import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CandidateForm, candidateOutcome } from "../../../../src/app/blocks/CandidateForm.tsx";
import { CaseStudies } from "../../../../src/app/blocks/CaseStudies.tsx";
import { ChildCards } from "../../../../src/app/blocks/ChildCards.tsx";
import { ContactPanel } from "../../../../src/app/blocks/ContactPanel.tsx";
import { IntroVideo } from "../../../../src/app/blocks/IntroVideo.tsx";
import { LinkList } from "../../../../src/app/blocks/LinkList.tsx";
import { LogoMarquee } from "../../../../src/app/blocks/LogoMarquee.tsx";
import { Profiles } from "../../../../src/app/blocks/Profiles.tsx";
import { Slideshow } from "../../../../src/app/blocks/Slideshow.tsx";
import { Split } from "../../../../src/app/blocks/Split.tsx";
import { SiteRouter } from "../../../../src/app/lib/location.tsx";

const html = (el: ReactElement) => renderToString(<SiteRouter ssrPath="/">{el}</SiteRouter>);
const img = (src: string, alt = "A picture") => ({ src, alt, width: 800, height: 500 });
const count = (s: string, needle: string) => s.split(needle).length - 1;

describe("issue-3 blocks render from plain data", () => {
  it("introVideo: a muted, looping, inline autoplay video over its poster picture, and a pause button", () => {
    const out = html(
      <IntroVideo type="introVideo" heading="Welcome" video={{ src: "/home/intro.mp4", webm: "/home/intro.webm", poster: img("/home/intro-poster.jpg") }} />,
    );
    expect(out).toMatch(/<img src="\/home\/intro-poster.jpg"[^>]*fetchPriority="high"[^>]*>[\s\S]*<video[^>]*autoPlay[^>]*muted[^>]*loop[^>]*playsInline/i);
    // The picture under the video is its poster: a poster attribute would fetch the desktop file on a phone too.
    expect(out).not.toMatch(/<video[^>]*poster=/i);
    // Its sources are added once the page has loaded, so the video never slows the first screen.
    expect(out).not.toContain("<source");
    expect(out).toContain('aria-pressed="false"');
    expect(out).toContain("Pause background video");
    expect(out).toContain(">Welcome</h1>");
  });

  it("slideshow: a WAI-ARIA carousel whose first slide is shown", () => {
    const out = html(
      <Slideshow
        type="slideshow"
        slides={[
          { image: img("/a.svg"), caption: "One" },
          { image: img("/b.svg"), caption: "Two" },
        ]}
      />,
    );
    expect(out).toContain('aria-roledescription="carousel"');
    expect(count(out, 'aria-roledescription="slide"')).toBe(2);
    expect(out).toContain('data-index="0"');
    expect(out).toContain('aria-label="1 of 2" aria-hidden="false"');
    expect(out).toContain('aria-label="2 of 2" aria-hidden="true"');
    expect(out).toContain('aria-label="Stop automatic slide show"');
  });

  it("logoMarquee: every logo once for readers, a hidden copy for the seamless loop, and a pause control", () => {
    const logos = Array.from({ length: 17 }, (_, i) => ({ src: `/clients/client-${i + 1}.svg`, alt: `Client ${i + 1}`, width: 160, height: 60 }));
    const out = html(<LogoMarquee type="logoMarquee" logos={logos} seconds={40} mobileSeconds={35} />);
    expect(count(out, "<img")).toBe(34);
    expect(count(out, 'alt="Client ')).toBe(17);
    expect(out).toContain('aria-hidden="true"');
    expect(out).toContain("Pause logo animation");
  });

  it("contactPanel: the desktop panel and the phone button are both in the HTML (CSS picks one)", () => {
    const out = html(
      <ContactPanel
        type="contactPanel"
        heading="Talk to us"
        actions={[{ label: "Job guarantee program", to: "/courses/special-course" }]}
        mobileAction={{ label: "Get in Touch", to: "/connect" }}
      />,
    );
    expect(out).toContain('href="/courses/special-course"');
    expect(out).toContain(">Get in Touch</a>");
  });

  it("caseStudies: two images, the five shown parts, and nothing of the kept-for-reference fields", () => {
    const out = html(
      <CaseStudies
        type="caseStudies"
        studies={[
          {
            id: "ai-agent",
            title: "Service agents",
            image: img("/1.svg"),
            image2: img("/2.svg"),
            overview: ["O."],
            challenges: ["C."],
            solution: ["S."],
            results: ["Agents handle 75% of queries."],
            testimonial: { quote: "Q.", author: "A. Person", role: "COO" },
            futurePlans: "Not shown",
          },
        ]}
      />,
    );
    expect(out).toContain('id="ai-agent"');
    for (const part of ["Overview", "Challenges", "Solution", "Results"]) expect(out).toContain(`>${part}</h2>`);
    expect(out).toContain("<blockquote>");
    expect(out).toContain("Agents handle 75% of queries.");
    expect(out).not.toContain("Not shown");
  });

  it("profiles: name, title, description and image", () => {
    const out = html(
      <Profiles
        type="profiles"
        heading="Leadership"
        people={[{ name: "Asha Rao", title: "CEO", description: "Leads.", image: img("/p.svg", "Portrait of Asha Rao") }]}
      />,
    );
    expect(out).toContain(">Asha Rao</h2>".replace("h2", "h2"));
    expect(out).toContain(">CEO</p>");
    expect(out).toContain('alt="Portrait of Asha Rao"');
  });

  it("split: the picture can be hidden on phones by the data", () => {
    const out = html(<Split type="split" heading="Key components" body={["Text."]} image={{ ...img("/x.svg"), hideOnMobile: true }} imageSide="left" />);
    expect(out).toContain("hide-on-mobile");
  });

  it("linkList: a button per link, external ones in a new tab", () => {
    const out = html(
      <LinkList
        type="linkList"
        heading="Quick Search"
        links={[
          { label: "Careers", to: "/careers" },
          { label: "Portfolio", to: "https://portfolio.nexa.ai", external: true },
        ]}
      />,
    );
    expect(out).toContain('href="/careers"');
    expect(out).toContain('target="_blank" rel="noopener noreferrer"');
  });

  it("childCards: the filled-in cards link to their pages and carry the shared button", () => {
    const out = html(
      <ChildCards
        type="childCards"
        from="/industries"
        linkLabel="Read more"
        action={{ label: "Contact Us", to: "/connect" }}
        cards={[{ id: "health", title: "Health", text: "Care.", to: "/industries/health", facts: [{ label: "Fee", value: "₹35,000 + GST" }] }]}
      />,
    );
    expect(out).toContain('id="health"');
    expect(out).toContain('href="/industries/health"');
    expect(out).toContain('>Read more<span class="visually-hidden">: Health</span></a>');
    expect(out).toContain('href="/connect"');
    expect(out).toContain("<dt>Fee</dt><dd>₹35,000 + GST</dd>");
  });

  it("candidateForm: email and password inputs, both required, the email typed as email", () => {
    const out = html(
      <CandidateForm type="candidateForm" mode="login" heading="Candidate Login" alternate={{ label: "Register here", to: "/my-nexa/auth/register" }} />,
    );
    expect(out).toMatch(/<input[^>]*type="email"[^>]*required/);
    expect(out).toMatch(/<input[^>]*type="password"[^>]*required/);
    expect(out).toContain(">Register here</a>");
  });
});

describe("candidate sign-in outcomes (SPEC §4, §5, §8)", () => {
  it.each([
    ["login", "a@b.co", "secret", {}, "/my-nexa/dashboard"],
    ["login", "", "secret", { alert: "Please enter email and password" }, undefined],
    ["login", "a@b.co", "", { alert: "Please enter email and password" }, undefined],
    ["register", "a@b.co", "secret", { alert: "Registration successful! You can now log in." }, "/my-nexa/auth/login"],
    ["register", "", "secret", {}, undefined],
    ["register", "a@b.co", "", {}, undefined],
  ] as const)("%s with email %j and password %j", (mode, email, password, alert, goTo) => {
    expect(candidateOutcome(mode, email, password)).toEqual({ ...alert, ...(goTo ? { goTo } : {}) });
  });
});
