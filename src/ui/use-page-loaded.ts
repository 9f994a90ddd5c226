import { useEffect, useState } from "react";

/**
 * False in the prerendered HTML and until the window's load event (true at once after a
 * client-side navigation), so a block can hold back a download that would compete with
 * what the first screen needs.
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === "complete") {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener("load", onLoad, { once: true });
    return () => window.removeEventListener("load", onLoad);
  }, []);
  return loaded;
}
