// What the demo's colleagues write to each other: situations from the work of each kind of team,
// each with the competencies and behaviours it speaks to ("+" a strength, "-" a development area).
// {name} is the receiver's first name, {project} one of the company's projects, {customer} one of
// its customers. Import-free, so the seed (Node without a bundler) loads it as it is.

/** The kind of work a department does; "any" fits everyone. */
export type WorkArea = "engineering" | "product" | "sales" | "customer" | "business" | "any";
/** [competency name, behaviour name or "", "+" strength / "-" development area / "" neither]. */
export type TextTag = [competency: string, behaviour: string, kind: "+" | "-" | ""];

export interface SbiText {
  area: WorkArea;
  situation: string;
  behavior: string;
  impact: string;
  next: string;
  tags: TextTag[];
}
export interface SadText {
  area: WorkArea;
  strength: string;
  development: string;
  next: string;
  tags: TextTag[];
}
export interface FreeText {
  area: WorkArea;
  text: string;
  tags: TextTag[];
}

/** The department's kind of work (Initech's departments carry a number: "Sales 2"). */
export function workArea(department: string): WorkArea {
  const name = department.replace(/\s+\d+$/, "");
  if (name === "Engineering") return "engineering";
  if (name === "Product") return "product";
  if (name === "Sales") return "sales";
  if (name === "Customer Success") return "customer";
  return "business";
}

export const SBI_TEXTS: SbiText[] = [
  {
    area: "engineering",
    situation: "During Tuesday's production incident on {project}, when checkout errors spiked after the 14:00 deploy.",
    behavior: "You took the incident lead within minutes, opened a channel, assigned a scribe and posted an update every fifteen minutes.",
    impact: "Support could answer customers with real information, and we rolled back in 22 minutes instead of the hour it took last time.",
    next: "Could you turn your timeline into the postmortem template so the next incident lead can copy your rhythm?",
    tags: [
      ["Ownership", "Follows through on commitments", "+"],
      ["Communication", "Shares context early", "+"],
    ],
  },
  {
    area: "engineering",
    situation: "In the code review of the new permissions module for {project}.",
    behavior: "You left comments that explained why a change was risky and suggested an alternative, instead of only asking for changes.",
    impact: "I learned more from that review than from the whole design doc, and the second version went in without another round.",
    next: "Keep doing this; maybe pair with the two new engineers on their first reviews next sprint.",
    tags: [
      ["Technical Excellence", "Reviews work thoroughly", "+"],
      ["Leadership", "Coaches others", "+"],
    ],
  },
  {
    area: "engineering",
    situation: "At sprint planning last week, when we estimated the data migration for {project}.",
    behavior: "You committed to the full migration in one sprint without mentioning that the staging data was still missing.",
    impact: "We found out on day six, the sprint goal slipped and the product team had to move the customer pilot.",
    next: "When a dependency is not ready yet, please say so at planning, even if it makes the estimate look worse.",
    tags: [["Ownership", "Raises risks early", "-"]],
  },
  {
    area: "engineering",
    situation: "When the nightly build kept failing on the flaky integration tests.",
    behavior: "You spent a morning finding the shared test fixture that leaked state, fixed it and wrote down how to spot the pattern.",
    impact: "The build has been green for two weeks and nobody re-runs jobs just to get a merge through anymore.",
    next: "Would you present the fix at the engineering guild on Thursday?",
    tags: [
      ["Technical Excellence", "Writes maintainable solutions", "+"],
      ["Ownership", "", "+"],
    ],
  },
  {
    area: "engineering",
    situation: "In the architecture review for the search service on {project}.",
    behavior: "You argued for the new queue design strongly but did not ask the platform team what they had already tried.",
    impact: "The discussion went in circles for an hour and the platform engineers left feeling their experience did not count.",
    next: "Next time, start by asking what they learned from the last attempt before presenting your proposal.",
    tags: [
      ["Collaboration", "Seeks input from others", "-"],
      ["Communication", "Listens actively", "-"],
    ],
  },
  {
    area: "product",
    situation: "In the customer interviews for {project} last month.",
    behavior:
      "You let the customers talk through their workarounds before showing any mock-ups, and summarised each call the same afternoon.",
    impact:
      "The team saw that the export problem mattered more than the dashboard, and we reordered the roadmap with evidence instead of opinions.",
    next: "Please share your interview guide in the product wiki so others can run calls the same way.",
    tags: [
      ["Customer Focus", "Seeks customer feedback", "+"],
      ["Communication", "Listens actively", "+"],
    ],
  },
  {
    area: "product",
    situation: "When engineering asked for a decision on the scope of the {project} beta.",
    behavior:
      "The decision waited nine days while we collected more opinions, although the options had been clear since the first meeting.",
    impact: "Two engineers started on work we later cut, and the beta date moved by a week.",
    next: "Let's agree on a decision date whenever we open a question like this, and decide with what we know on that day.",
    tags: [["Leadership", "Makes timely decisions", "-"]],
  },
  {
    area: "product",
    situation: "During the design critique of the new onboarding flow.",
    behavior: "You walked us through the three options you had rejected and why, before showing the one you recommended.",
    impact: "Nobody re-opened the rejected ideas, and we agreed on the flow in thirty minutes.",
    next: "Use the same structure for the pricing page review next week.",
    tags: [
      ["Communication", "Shares context early", "+"],
      ["Leadership", "Makes timely decisions", "+"],
    ],
  },
  {
    area: "product",
    situation: "In the release notes for the {project} launch.",
    behavior: "You wrote them for customers rather than for us: what changes for them, what they need to do, and who to ask.",
    impact: "Support had a third of the usual questions in launch week, and two customers quoted the notes back to us as helpful.",
    next: "Could you make this the template for every release note?",
    tags: [
      ["Communication", "Writes clearly and concisely", "+"],
      ["Customer Focus", "Explains trade-offs to customers", "+"],
    ],
  },
  {
    area: "sales",
    situation: "On the renewal call with {customer} when they raised the price increase.",
    behavior: "You stayed calm, asked which features they actually used and came back the next day with a plan that fitted their usage.",
    impact: "They renewed for two years instead of the one they had asked for, and their sponsor thanked us for not pushing.",
    next: "Let's write this up as a case for the next sales kick-off.",
    tags: [
      ["Customer Focus", "Prioritises customer impact", "+"],
      ["Communication", "Listens actively", "+"],
    ],
  },
  {
    area: "sales",
    situation: "At Monday's pipeline review.",
    behavior: "Three of your deals were marked as committed without a confirmed meeting with the economic buyer.",
    impact: "Finance used the forecast for hiring plans, and two of the deals moved to next quarter a week later.",
    next: "Please only mark a deal committed after the buyer meeting is in the calendar, and flag doubts in the review itself.",
    tags: [["Ownership", "Raises risks early", "-"]],
  },
  {
    area: "sales",
    situation: "When {customer} asked for a security questionnaire with a two-day deadline.",
    behavior: "You pulled in the security team early, answered the commercial parts yourself and kept the customer updated each evening.",
    impact: "We delivered a day early and the customer's IT lead told us it was the smoothest vendor review they had run this year.",
    next: "Keep building that relationship with the security team; it will matter for the enterprise deals.",
    tags: [
      ["Collaboration", "Seeks input from others", "+"],
      ["Ownership", "Follows through on commitments", "+"],
    ],
  },
  {
    area: "customer",
    situation: "When {customer}'s admin escalated the broken data export for the third time.",
    behavior:
      "You reproduced the problem yourself, wrote a precise ticket with the steps and called the customer back before they had to ask.",
    impact: "Engineering fixed it in a day, and the customer moved from threatening to leave to asking about the premium plan.",
    next: "Would you run a short session for the team on writing tickets like that one?",
    tags: [
      ["Customer Focus", "Prioritises customer impact", "+"],
      ["Communication", "Writes clearly and concisely", "+"],
    ],
  },
  {
    area: "customer",
    situation: "In last week's queue review, when the backlog passed 120 open tickets.",
    behavior: "You kept working the oldest tickets alone instead of telling the team lead the queue was out of hand.",
    impact: "Response times went over our two-hour target for four days before anyone noticed, and two customers complained.",
    next: "When the queue grows faster than we close it, raise it in the channel the same day, even if you think you can catch up.",
    tags: [
      ["Ownership", "Raises risks early", "-"],
      ["Collaboration", "Seeks input from others", "-"],
    ],
  },
  {
    area: "customer",
    situation: "During the onboarding of {customer}'s 300 new users.",
    behavior: "You built a short checklist for their admins and ran two office hours at times that suited their Asia team.",
    impact: "Activation reached 85% in the first week, the best we have had for an account of that size.",
    next: "Let's add the checklist to the onboarding playbook.",
    tags: [
      ["Customer Focus", "Seeks customer feedback", "+"],
      ["Ownership", "Follows through on commitments", "+"],
    ],
  },
  {
    area: "business",
    situation: "During the quarter-end close.",
    behavior:
      "You spotted the duplicated vendor invoices before the numbers went to the board pack and traced them back to the import script.",
    impact: "We avoided restating the figures, and the fix to the import stopped it happening again.",
    next: "Could you document the reconciliation checks you ran so they become part of every close?",
    tags: [
      ["Technical Excellence", "Reviews work thoroughly", "+"],
      ["Ownership", "", "+"],
    ],
  },
  {
    area: "business",
    situation: "In the hiring debrief for the senior engineer role.",
    behavior: "You asked each interviewer for evidence before their recommendation and made sure the quietest panel member spoke first.",
    impact: "The decision was based on what we saw in the interviews, and the panel said it was the fairest debrief they had been in.",
    next: "Please share the debrief format with the other recruiters.",
    tags: [
      ["Leadership", "Sets clear expectations", "+"],
      ["Collaboration", "Seeks input from others", "+"],
    ],
  },
  {
    area: "business",
    situation: "When the budget template for next year went out to the department heads.",
    behavior: "The template changed three times in a week, and the changes were announced only in the finance channel.",
    impact: "Several managers filled in the old version and had to redo their numbers, and the deadline moved.",
    next: "Next time, freeze the template before sending it and announce any change by e-mail to everyone who has it.",
    tags: [
      ["Communication", "Shares context early", "-"],
      ["Leadership", "Sets clear expectations", "-"],
    ],
  },
  {
    area: "any",
    situation: "At the all-hands when you presented the results of {project}.",
    behavior: "You named every person who had contributed, including the two people from other teams who had helped for a week.",
    impact: "Those two told me it was the first time their help on another team's project was seen; it made people want to help again.",
    next: "Keep doing it.",
    tags: [["Collaboration", "Gives credit generously", "+"]],
  },
  {
    area: "any",
    situation: "In our one-on-one on Thursday, when we talked about the missed deadline on {project}.",
    behavior: "You explained what went wrong without blaming anyone and had already changed how you plan your week.",
    impact: "It made it easy to focus on what to do next, and it showed me I can give you bigger pieces of work.",
    next: "Let's pick one stretch project for next quarter together.",
    tags: [["Ownership", "Learns from mistakes", "+"]],
  },
  {
    area: "any",
    situation: "In the weekly team meeting, when the discussion about priorities got heated.",
    behavior: "You interrupted others several times and the meeting ended without the people who disagreed with you being heard.",
    impact: "Afterwards two people told me they will not raise concerns in that meeting anymore.",
    next: "Try to summarise the other view before you answer it; I am happy to practise this with you before the next meeting.",
    tags: [
      ["Communication", "Listens actively", "-"],
      ["Collaboration", "Resolves conflict constructively", "-"],
    ],
  },
  {
    area: "any",
    situation: "When two teams disagreed about who owned the {project} handover.",
    behavior: "You brought both leads into one room, wrote down what each team needed and proposed a split they both accepted.",
    impact: "The handover happened on time, and the two teams are now sharing a weekly sync instead of sending each other tickets.",
    next: "Would you write down how you ran that meeting? It would help other leads.",
    tags: [
      ["Collaboration", "Resolves conflict constructively", "+"],
      ["Leadership", "", "+"],
    ],
  },
  {
    area: "any",
    situation: "When you took over the weekly status report for {project}.",
    behavior: "The report often arrived on Monday afternoon instead of Friday, and the risks section was empty even when we were behind.",
    impact: "Leadership learned about the delay from the customer, which was embarrassing for the whole team.",
    next: "Please send it by Friday noon and always list the top risk, even when it is small.",
    tags: [
      ["Ownership", "Follows through on commitments", "-"],
      ["Ownership", "Raises risks early", "-"],
    ],
  },
];

export const SAD_TEXTS: SadText[] = [
  {
    area: "engineering",
    strength:
      "Your designs are simple and easy to extend; the notification service you built for {project} needed no changes when we added Teams.",
    development: "Your pull requests are often very large, which makes them slow to review and risky to deploy.",
    next: "Aim for pull requests under 400 lines; split refactoring from behaviour changes.",
    tags: [
      ["Technical Excellence", "Writes maintainable solutions", "+"],
      ["Collaboration", "", "-"],
    ],
  },
  {
    area: "engineering",
    strength: "You are the person everyone asks about the database, and you always take the time to explain.",
    development: "You say yes to every question, and your own work on {project} keeps slipping as a result.",
    next: "Block two mornings a week for focused work and point people to the office hours you already run.",
    tags: [
      ["Leadership", "Coaches others", "+"],
      ["Ownership", "Follows through on commitments", "-"],
    ],
  },
  {
    area: "engineering",
    strength: "Your on-call handovers are thorough; nobody has to rediscover what happened overnight.",
    development: "In design discussions you tend to go quiet, even when you clearly have a view.",
    next: "Write your view in the design doc before the meeting, so it is on the table from the start.",
    tags: [
      ["Communication", "Writes clearly and concisely", "+"],
      ["Communication", "Shares context early", "-"],
    ],
  },
  {
    area: "engineering",
    strength: "You keep up with the tools: the move to the new test runner was your idea and halved our CI time.",
    development: "New tools sometimes arrive in the codebase before the rest of the team has agreed on them.",
    next: "Write a one-page proposal and give the team a week to comment before introducing a new dependency.",
    tags: [
      ["Technical Excellence", "Keeps skills current", "+"],
      ["Collaboration", "Seeks input from others", "-"],
    ],
  },
  {
    area: "product",
    strength: "Your roadmap reviews are crisp: every item has a problem statement and a metric.",
    development: "Engineering often hears about new requirements after the sprint has started.",
    next: "Share draft requirements at refinement, even when they are not final, and mark what is still open.",
    tags: [
      ["Leadership", "Sets clear expectations", "+"],
      ["Communication", "Shares context early", "-"],
    ],
  },
  {
    area: "product",
    strength: "You test every design with real users before handing it over; the {project} prototype sessions were excellent.",
    development: "Design files are sometimes handed over without the edge cases: empty states, errors, long names.",
    next: "Add a checklist of edge cases to the handover and walk engineering through it.",
    tags: [
      ["Customer Focus", "Seeks customer feedback", "+"],
      ["Technical Excellence", "Reviews work thoroughly", "-"],
    ],
  },
  {
    area: "sales",
    strength: "You know your accounts better than anyone: the account plan for {customer} is the one I show new hires.",
    development: "Your CRM notes are thin, so when you are out nobody can pick up a deal.",
    next: "Log the next step and the buyer's concerns after every call; ten minutes a day is enough.",
    tags: [
      ["Customer Focus", "Prioritises customer impact", "+"],
      ["Communication", "Writes clearly and concisely", "-"],
    ],
  },
  {
    area: "sales",
    strength: "You handle objections calmly and honestly, and customers trust you for it.",
    development: "You discount early in negotiations, before the customer has asked for it.",
    next: "Hold the price until the second meeting and bring discount requests to the deal desk first.",
    tags: [
      ["Customer Focus", "Explains trade-offs to customers", "+"],
      ["Leadership", "Makes timely decisions", "-"],
    ],
  },
  {
    area: "customer",
    strength: "Customers ask for you by name; your tone in difficult tickets is always warm and clear.",
    development: "You rarely pass product feedback from customers on to the product team.",
    next: "Tag feature requests in the help desk so they reach the monthly product review.",
    tags: [
      ["Customer Focus", "Prioritises customer impact", "+"],
      ["Customer Focus", "Seeks customer feedback", "-"],
    ],
  },
  {
    area: "customer",
    strength: "Your quarterly business reviews with {customer} turned a shaky account into one of our references.",
    development: "Internal handovers to support are sometimes missing the customer's history.",
    next: "Use the handover template and add the last three conversations before passing an account on.",
    tags: [
      ["Customer Focus", "", "+"],
      ["Communication", "Shares context early", "-"],
    ],
  },
  {
    area: "business",
    strength: "Your analyses are careful and your spreadsheets are easy to audit.",
    development: "Your reports lead with the method and hide the conclusion on page four.",
    next: "Start every report with a three-line summary of what the numbers mean and what you recommend.",
    tags: [
      ["Technical Excellence", "Reviews work thoroughly", "+"],
      ["Communication", "Writes clearly and concisely", "-"],
    ],
  },
  {
    area: "business",
    strength: "Managers trust you with difficult conversations; you prepare them well and follow up afterwards.",
    development: "Policy changes sometimes reach employees before their managers have been briefed.",
    next: "Brief the managers a week ahead and give them a short FAQ for their teams.",
    tags: [
      ["Leadership", "Coaches others", "+"],
      ["Communication", "Shares context early", "-"],
    ],
  },
  {
    area: "any",
    strength: "You always deliver what you promise, and when something changes you say so early.",
    development: "You take on too much alone instead of asking for help.",
    next: "When a task will take more than two days, share it in the team channel and ask who can pair with you.",
    tags: [
      ["Ownership", "Follows through on commitments", "+"],
      ["Collaboration", "Seeks input from others", "-"],
    ],
  },
  {
    area: "any",
    strength: "You give credit generously and make new colleagues feel part of the team quickly.",
    development: "You avoid disagreement in meetings and raise concerns only afterwards, one to one.",
    next: "Practise raising one concern in the meeting itself; I will back you up.",
    tags: [
      ["Collaboration", "Gives credit generously", "+"],
      ["Collaboration", "Resolves conflict constructively", "-"],
    ],
  },
  {
    area: "any",
    strength: "Your written updates are short and complete; I never need to ask a follow-up question.",
    development: "Decisions in your area sometimes wait for a perfect answer.",
    next: "Set yourself a decision date and decide with what you know then; we can adjust later.",
    tags: [
      ["Communication", "Writes clearly and concisely", "+"],
      ["Leadership", "Makes timely decisions", "-"],
    ],
  },
  {
    area: "any",
    strength: "You learn fast: three months in, you run the {project} stand-up on your own.",
    development: "You do not yet ask for feedback on your work, so small problems grow before anyone mentions them.",
    next: "Ask one colleague for feedback at the end of every piece of work.",
    tags: [
      ["Ownership", "Learns from mistakes", "+"],
      ["Collaboration", "Seeks input from others", "-"],
    ],
  },
];

export const FREE_TEXTS: FreeText[] = [
  {
    area: "engineering",
    text: "Thanks for pairing with me on the caching bug yesterday, {name}. I would have spent days on it without your debugging approach.",
    tags: [["Leadership", "Coaches others", "+"]],
  },
  {
    area: "engineering",
    text: "The runbook you wrote for the {project} deploy is excellent. I followed it on my first on-call shift and never got stuck.",
    tags: [["Communication", "Writes clearly and concisely", "+"]],
  },
  {
    area: "engineering",
    text: "Your refactor of the billing module made the code so much easier to read. Adding the new tax rule took me an afternoon.",
    tags: [["Technical Excellence", "Writes maintainable solutions", "+"]],
  },
  {
    area: "engineering",
    text: "I noticed the last few releases went out without the checklist. It would help if we agreed on it again at the next retro.",
    tags: [["Ownership", "Follows through on commitments", "-"]],
  },
  {
    area: "product",
    text: "The {project} spec was the clearest one I have read here. Every open question was listed with an owner.",
    tags: [["Communication", "Writes clearly and concisely", "+"]],
  },
  {
    area: "product",
    text: "Thanks for pushing back on the extra scope last sprint. It kept the launch on track and the team sane.",
    tags: [["Leadership", "Makes timely decisions", "+"]],
  },
  {
    area: "product",
    text: "The usability tests you ran changed my mind about the settings page. Seeing customers struggle was worth more than any debate.",
    tags: [["Customer Focus", "Seeks customer feedback", "+"]],
  },
  {
    area: "sales",
    text: "Great demo for {customer} today. You tailored it to their workflow and they were nodding the whole time.",
    tags: [["Customer Focus", "Prioritises customer impact", "+"]],
  },
  {
    area: "sales",
    text: "Thanks for sharing your discovery questions with the new reps. Two of them used them this week and booked follow-up meetings.",
    tags: [
      ["Collaboration", "Gives credit generously", "+"],
      ["Leadership", "Coaches others", "+"],
    ],
  },
  {
    area: "sales",
    text: "The proposal to {customer} went out with last year's pricing. Please double-check the price book before sending.",
    tags: [["Technical Excellence", "Reviews work thoroughly", "-"]],
  },
  {
    area: "customer",
    text: "You handled the {customer} call brilliantly. They came in angry and left with a plan and a smile.",
    tags: [["Customer Focus", "Explains trade-offs to customers", "+"]],
  },
  {
    area: "customer",
    text: "Thanks for covering my queue while I was out sick. Every ticket had a clear note on where it stood.",
    tags: [["Collaboration", "", "+"]],
  },
  {
    area: "customer",
    text: "The help-centre article you wrote on SSO setup has already cut those tickets by half. Really useful work.",
    tags: [
      ["Communication", "Writes clearly and concisely", "+"],
      ["Customer Focus", "", "+"],
    ],
  },
  {
    area: "business",
    text: "The new expense policy summary was clear and friendly. I finally understand what I can book.",
    tags: [["Communication", "Writes clearly and concisely", "+"]],
  },
  {
    area: "business",
    text: "Thanks for turning the headcount numbers around in a day. It let us make the hiring decision before the candidate went elsewhere.",
    tags: [["Ownership", "Follows through on commitments", "+"]],
  },
  {
    area: "business",
    text: "The onboarding week you organised for the new joiners was the best I have seen. They all knew who to ask for what by Friday.",
    tags: [["Leadership", "Sets clear expectations", "+"]],
  },
  {
    area: "any",
    text: "Thank you for the calm way you ran the planning meeting. Everyone had a say and we still finished on time.",
    tags: [
      ["Leadership", "", "+"],
      ["Communication", "Listens actively", "+"],
    ],
  },
  {
    area: "any",
    text: "I appreciated you flagging the risk on {project} early. It gave us time to adjust instead of scrambling at the end.",
    tags: [["Ownership", "Raises risks early", "+"]],
  },
  {
    area: "any",
    text: "Your update in the leadership channel was really clear, {name}. Short, honest about the delay and with a plan.",
    tags: [["Communication", "Shares context early", "+"]],
  },
  {
    area: "any",
    text: "Could you send the meeting notes a bit sooner after our syncs? By the time they arrive people have already moved on.",
    tags: [["Communication", "Shares context early", "-"]],
  },
  {
    area: "any",
    text: "Thanks for mentoring me over the last months. I feel much more confident presenting to the leadership team now.",
    tags: [["Leadership", "Coaches others", "+"]],
  },
  {
    area: "any",
    text: "Great job on {project}. The way you kept everyone aligned across three teams was impressive.",
    tags: [],
  },
  {
    area: "any",
    text: "Thanks for the quick help this morning, it unblocked my whole day.",
    tags: [],
  },
  {
    area: "any",
    text: "I would love to see you speak up more in the team meeting. Your one-to-one ideas are often the best ones.",
    tags: [["Communication", "", "-"]],
  },
];

/** Public praise: short, warm and specific. */
export const PRAISE_TEXTS: string[] = [
  "Huge thanks to {name} for staying late to get the {project} release out. Legend!",
  "Shout-out to {name} for the amazing customer workshop with {customer}. They loved it.",
  "{name} rewrote our onboarding docs in a week and every new joiner is thanking them. Thank you!",
  "Big kudos to {name} for closing the {customer} deal, the biggest of the quarter!",
  "Thank you {name} for organising the team offsite. Best one yet.",
  "{name} jumped in to help three teams during the outage without being asked. That is what we are about.",
  "Kudos to {name} for a flawless quarter-end close, two days ahead of schedule.",
  "Thanks {name} for the brilliant lunch-and-learn on writing good tickets.",
  "Shout-out to {name} for turning around a very unhappy {customer} this week.",
  "{name} has been the calmest voice in every {project} meeting. Thank you for keeping us on track.",
  "A big thank you to {name} for mentoring our interns all summer.",
  "Congratulations {name} on shipping {project}! Months of work and it shows.",
  "Thanks to {name} for the fastest security review turnaround we have ever had.",
  "{name} made our customers' week with the new help-centre articles. Great work!",
];

/** What someone writes when asking a colleague for feedback. */
export const REQUEST_MESSAGES: string[] = [
  "Could you share your feedback on how I ran the {project} kick-off?",
  "I would value your view on my presentation at the all-hands.",
  "What is one thing I could do better in our weekly syncs?",
  "How did my handover of the {customer} account go from your side?",
  "Any feedback on my first on-call week?",
  "Could you tell me how my design review came across?",
  "I am working on my written updates. How clear were my last few?",
  "What should I keep doing and what should I change in how I work with your team?",
  "You saw me negotiate with {customer}. What would you have done differently?",
  "I am preparing for my review. Could you give me feedback on my work on {project}?",
];

/** Each company's projects and customers, named in the texts. */
export const PROJECTS: Record<string, string[]> = {
  acme: [
    "the billing migration",
    "Project Phoenix",
    "the onboarding redesign",
    "the mobile app 3.0 release",
    "the SOC 2 audit",
    "the pricing update",
  ],
  globex: [
    "the Teams integration",
    "the EMEA expansion",
    "the data warehouse move",
    "the partner portal",
    "the support bot",
    "the ISO 27001 audit",
  ],
  initech: [
    "the TPS report automation",
    "the ERP upgrade",
    "the customer portal",
    "the Q4 launch",
    "the cloud migration",
    "the reporting revamp",
  ],
};
export const CUSTOMERS: Record<string, string[]> = {
  acme: ["Northwind", "Contoso", "Fabrikam", "Tailspin Toys", "Wingtip"],
  globex: ["Umbrella Health", "Stark Logistics", "Wayne Retail", "Cyberdyne", "Tyrell Labs"],
  initech: ["Penetrode", "Chotchkie's", "Intertrode", "Vandelay Industries", "Dunder Mifflin"],
};
