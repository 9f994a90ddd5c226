import type { ReactNode } from "react";
import { Link } from "wouter";

export interface SmartLinkProps {
  to: string;
  external?: boolean | undefined;
  className?: string | undefined;
  children: ReactNode;
  "aria-label"?: string;
  onClick?: () => void;
}

/** Site paths navigate on the client; other addresses are plain links, in a new tab when `external`. */
export function SmartLink({ to, external, className, children, onClick, ...aria }: SmartLinkProps) {
  if (to.startsWith("/") && !external) {
    return (
      <Link to={to} className={className} onClick={onClick} {...aria}>
        {children}
      </Link>
    );
  }
  const newTab = external ?? to.startsWith("https:");
  return (
    <a href={to} className={className} onClick={onClick} {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...aria}>
      {children}
      {newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}
