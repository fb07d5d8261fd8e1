/**
 * The fixture pages by name: what each is for, its heading, and the few facts of its content clauses
 * rely on, so suites and tests never repeat paths and names. The pages are plain HTML a person can open.
 */
import PAGES from "./pages.json" with { type: "json" };

/** A fixture page: where the fixture server serves it, what it is for, and its <h1> when it has one. */
export interface FixturePage {
  path: string;
  about: string;
  /** the text of the page's <h1>: a snapshot that shows it has begun to show the page */
  heading?: string;
  /**
   * the text of the page's last element, a paragraph: a snapshot that shows it has the whole
   * document (Chromium parses a page in slices, and a snapshot taken between two slices, under
   * load, showed the heading and half the form)
   */
  end?: string;
}

export type FixturePageName = keyof typeof PAGES;

/** Every fixture page by name: the data in ./pages.json (its keys are the names, a literal union). */
export const FIXTURE_PAGES: Readonly<Record<FixturePageName, FixturePage>> = PAGES;

/** Facts about the pages' content that clauses assert against (each one is in the HTML). */
export const FIXTURE_FACTS = {
  buttons: {
    named: "Continue",
    /** an icon button named only by aria-label */
    labelled: "Close",
    /** two buttons share this name: no role locator can identify either */
    duplicateName: "Delete",
    /** buttons without any accessible name (one of them has id="icon-only") */
    unnamedCount: 2,
  },
  links: {
    /** two links with this name and this href */
    duplicate: { name: "Learn more", path: "/learn-more.html" },
    /** two links share this name, each has its own href */
    sharedName: { name: "Docs", paths: ["/docs-one.html", "/docs-two.html"] },
    /** two links share this href, each under a name of its own */
    sharedHref: { names: ["First duplicate", "Second duplicate"], path: "/landed.html" },
    unique: { name: "About", path: "/about.html" },
  },
  frames: {
    outside: "Outside frame",
    /** the button inside each iframe */
    inside: "Inside frame",
    sameOriginTitle: "Same-origin frame",
    crossOriginTitle: "Cross-origin frame",
  },
  frameRefs: {
    /** the page's buttons are named `${top} 1` .. `${top} ${buttons}`, each frame's `${inFrame} 1` ..; one textbox each */
    top: "Top",
    inFrame: "Frame",
    buttons: 50,
    topField: "Top field",
    frameField: "Frame field",
    sameOriginTitle: "Same-origin refs frame",
    crossOriginTitle: "Cross-origin refs frame",
  },
  tall: { above: "Top button", below: "Bottom button", belowLink: "Bottom link" },
  form: { textboxes: ["Email", "Password", "Notes"], submit: "Sign in", checkbox: "Remember me", select: "Country" },
  files: {
    /** the file input's id, and what the page prints once it has a file */
    input: "attachment",
    chosen: (name: string, size: number) => `Chosen: ${name}, ${size} bytes`,
    /** the download link's id, and the file name it asks for */
    save: "save",
    savedAs: "saved-page.html",
    savedFrom: "/landed.html",
  },
  popup: {
    /** the target=_blank link's id, and the page it opens */
    link: "open-popup",
    opens: "/landed.html",
    /** the title of the page it opens, listed once the popup has loaded */
    opensTitle: "Landed",
  },
  prompts: {
    /**
     * The geolocation and dialog pages append this to their title right before they ask: a
     * listing that shows it proves the page has asked, so a clause waits a short grace for the
     * hand-off from then on instead of its whole bound.
     */
    askingTitleMark: "(asking)",
  },
} as const;
