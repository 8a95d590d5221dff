/** How many people the managers form offers at once (Users page and profiles); a search narrows them down. */
export const MANAGER_CHOICES = 20;
