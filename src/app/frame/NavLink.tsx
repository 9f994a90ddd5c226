import type { ReactNode } from "react";
import { Link } from "wouter";
import { useLocation } from "../lib/location.tsx";

/**
 * A top item of the header that marks itself while its page is shown: aria-current="page" and the
 * class "active", when the address is exactly its own (letter case ignored). This is the markup
 * React Router's `<NavLink end>` gave, which the header's styles and tests rely on; wouter has no NavLink.
 */
export function NavLink({ to, className, children }: { to: string; className?: string | undefined; children: ReactNode }) {
  const active = useLocation().pathname.toLowerCase() === to.toLowerCase();
  return (
    <Link to={to} aria-current={active ? "page" : undefined} className={[className, active ? "active" : null].filter(Boolean).join(" ")}>
      {children}
    </Link>
  );
}
