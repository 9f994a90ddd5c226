interface ImportMetaEnv {
  /** Origin of the enquiry API, such as https://api.example.com; empty or unset means the site's own origin. */
  readonly VITE_API_BASE?: string;
}
