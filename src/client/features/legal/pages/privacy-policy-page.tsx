import type { PublicConfig } from '#shared/schemas/config';
import { usePublicConfig } from '../../../lib/api/config';
import { LegalList, LegalSection } from '../components/legal-section';

/** /privacy-policy (product §10.3; every promised right is an action on the account page, product §10.2). */
export function PrivacyPolicyPage() {
  const { productName, companyName, privacyEmail, coachModel } = usePublicConfig();

  return (
    <article className="mx-auto max-w-3xl space-y-8 px-4 py-6 text-sm leading-relaxed text-slate-700">
      {/* The header bar's title is the page's one H1; repeating it here would make two. */}
      <p className="text-slate-600">Last updated: November 27, 2026</p>

      <p>
        This policy explains what information {companyName} collects when you use {productName}, how we use it, and
        the choices you have. By using {productName} you agree to the practices described here.
      </p>

      <LegalSection number={1} title="Information We Collect">
        <p>We collect information you give us and information created as you use the service:</p>
        <LegalList>
          <li>
            <strong className="font-medium text-slate-900">Account information:</strong> your email address, username
            and password. Passwords are never stored in readable form; we keep only a hash made with argon2id.
          </li>
          <li>
            <strong className="font-medium text-slate-900">Profile information:</strong> the answers you give during
            onboarding: your age, location (city and state), sales experience, income figures (last month's
            commission or bonus and this month's target), your biggest sales struggle, your industry and the product
            or service you sell.
          </li>
          <li>
            <strong className="font-medium text-slate-900">Payment information:</strong> payments are handled by our
            card payment provider. We never see or store your full card number; we keep records of your
            subscription and payments (such as plan, amount, date and status).
          </li>
          <li>
            <strong className="font-medium text-slate-900">Chat history:</strong> your conversations with the AI
            coach.
          </li>
          <li>
            <strong className="font-medium text-slate-900">Usage information:</strong> how you use the service, such
            as sessions, features used and coaching progress.
          </li>
          <li>
            <strong className="font-medium text-slate-900">Device and browser information:</strong> the type of
            device and browser you use.
          </li>
          <li>
            <strong className="font-medium text-slate-900">IP address and general location:</strong> derived from
            your connection.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection number={2} title="How We Use Your Information">
        <p>We use the information we collect to:</p>
        <LegalList>
          <li>provide the AI coaching service and tailor coaching to your sales profile;</li>
          <li>create and secure your account and keep you signed in;</li>
          <li>process subscriptions and payments;</li>
          <li>show you your coaching progress and analytics;</li>
          <li>answer your support requests and feedback;</li>
          <li>maintain, secure and improve {productName}, and prevent fraud and abuse;</li>
          <li>send you service messages about your account and subscription.</li>
        </LegalList>
      </LegalSection>

      <LegalSection number={3} title="Information Sharing">
        <p>We do not sell your personal information. We share it only:</p>
        <LegalList>
          <li>with our card payment provider, to process your payments;</li>
          <li>
            with service providers that help us run {productName} (such as hosting, and the AI model provider
            described below, where one is used), only as needed to provide the service;
          </li>
          <li>with other members, when you choose to post in the community forum;</li>
          <li>when required by law, or to protect the rights and safety of our users and of {companyName};</li>
          <li>with a successor if {companyName} is involved in a merger or sale of its business.</li>
        </LegalList>
        {/* Issue #27 item 4: dictation and read-aloud are the browser's services (client/lib/speech.ts). */}
        <p>
          <strong className="font-medium text-slate-900">Voice:</strong> where your browser allows it, you can dictate
          your messages instead of typing them, and have the buyer’s lines in a role-play read aloud. Both use your
          browser’s own speech service. When you dictate, your browser may send the audio of your voice to the
          company that makes it to be turned into text (for example Google, for Chrome), under that company’s own
          privacy terms; a read-aloud line may likewise go to them when the browser uses an online voice.{' '}
          {productName} never records or stores audio and receives only the text that ends up in your message box,
          when you send it. The microphone listens only after you press the mic button, and typing is always available.
        </p>
      </LegalSection>

      <CoachModelSection productName={productName} coachModel={coachModel} />

      <LegalSection number={5} title="Data Security">
        <p>
          We use reasonable technical and organisational measures to protect your information. Passwords are hashed
          with argon2id, you stay signed in through a secure session cookie, and access to administrative functions
          is restricted. No method of transmission or storage is completely secure, so we cannot guarantee absolute
          security.
        </p>
      </LegalSection>

      <LegalSection number={6} title="Your Rights">
        <p>You have the right to:</p>
        <LegalList>
          <li>
            <strong className="font-medium text-slate-900">Access</strong> your information: your profile and chat
            history are shown in the app, and you can export all of it from the Account page.
          </li>
          <li>
            <strong className="font-medium text-slate-900">Update</strong> your information: edit your profile and
            change your password on the Account page.
          </li>
          <li>
            <strong className="font-medium text-slate-900">Delete</strong> your account and its data: use Delete
            account on the Account page.
          </li>
          <li>
            <strong className="font-medium text-slate-900">Export your chat history</strong>: use Export my data on
            the Account page to download your data as JSON, with readable transcripts of your conversations.
          </li>
          <li>
            <strong className="font-medium text-slate-900">Cancel your subscription</strong> at any time on the
            Account page.
          </li>
          <li>
            <strong className="font-medium text-slate-900">Opt out</strong> of non-essential communications by
            contacting us at {privacyEmail}.
          </li>
          <li>
            <strong className="font-medium text-slate-900">Data portability</strong>: the export is in JSON, a common
            machine-readable format you can take elsewhere.
          </li>
        </LegalList>
        <p>For anything you cannot do in the app, contact us at {privacyEmail}.</p>
      </LegalSection>

      <LegalSection number={7} title="Data Retention">
        <LegalList>
          <li>Account data, including your profile and chat history, is kept until you delete your account.</li>
          <li>
            Payment records are kept as long as the law requires (about 7 years). When you delete your account, they
            are detached from you and no longer linked to your identity.
          </li>
          <li>Usage analytics are anonymised after 2 years.</li>
          <li>
            To tell a friend’s sign-up through your referral link from a second account of your own, we keep hashes of
            the network addresses and browser identifiers you use for 30 days after you last used them, and hashes of the
            card identifiers our payment provider gives us (never the card number) until you delete your account.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection number={8} title="Cookies">
        <p>
          We use only essential cookies: a session cookie that keeps you signed in, one that remembers that this
          browser has seen the coach’s welcome, so it is not shown again, and a random browser identifier that lets us
          tell a friend’s sign-up through a referral link from the referrer’s own. We do not use third-party
          advertising cookies.
        </p>
      </LegalSection>

      <LegalSection number={9} title="Children's Privacy">
        <p>
          {productName} is for people aged 18 or older. We do not knowingly collect information from children under
          13. If you believe a child has given us personal information, contact us at {privacyEmail} so that we can
          delete it.
        </p>
      </LegalSection>

      <LegalSection number={10} title="International Users">
        <p>
          {companyName} is based in the United States, and your information is processed there. If you use{' '}
          {productName} from outside the United States, you understand that your information will be transferred to
          and processed in the United States, where data protection laws may differ from those of your country.
        </p>
      </LegalSection>

      <LegalSection number={11} title="Changes to This Policy">
        <p>
          We may update this policy from time to time. When we do, we will post the updated policy on this page and
          change the "Last updated" date above. Continuing to use {productName} after a change means you accept the
          updated policy.
        </p>
      </LegalSection>

      <LegalSection number={12} title="Contact Us">
        <p>If you have questions about this policy or your information, contact {companyName}:</p>
        <p>
          Email:{' '}
          <a className="font-medium text-blue-700 underline" href={`mailto:${privacyEmail}`}>
            {privacyEmail}
          </a>
        </p>
      </LegalSection>
    </article>
  );
}

/**
 * Exactly what the coach sends to an AI model provider, when the operator runs it on one (issue
 * #22): the list follows the prompt (server/modules/coach/llm/prompt.ts), and the income and
 * location lines follow the operator's COACH_SEND_INCOME_AND_LOCATION.
 */
function CoachModelSection({ productName, coachModel }: { productName: string; coachModel: PublicConfig['coachModel'] }) {
  return (
    <LegalSection number={4} title="The AI Coach and AI Model Providers">
      <p>
        Whoever runs this copy of {productName} chooses whether the coach answers with its built-in engine, on this
        server, or with an AI model from a provider they choose (for example a hosted model service, or a model
        running on their own machines).{' '}
        {coachModel
          ? 'This copy uses an AI model provider. With each message you send the coach, the provider receives:'
          : 'This copy uses the built-in coach: your messages and profile are not sent to any AI model provider.'}
      </p>
      {coachModel && (
        <>
          <LegalList>
            <li>your message, and your conversation so far (its first message and the most recent ones, up to about 24,000 characters), with the coach's earlier replies;</li>
            <li>replies the coaching team wrote to you in that conversation;</li>
            <li>from your profile: your industry, the product or service you sell, your sales experience and your biggest sales struggle;</li>
            {coachModel.sharesIncomeAndLocation ? (
              <li>from your profile: last month's commission or bonus, this month's target, and your city and state;</li>
            ) : null}
            <li>passages from our coaching playbook that match your message.</li>
          </LegalList>
          <p>
            {coachModel.sharesIncomeAndLocation
              ? 'The provider never receives your username, email address, age, password or payment details.'
              : 'The provider never receives your username, email address, age, income figures, city, state, password or payment details.'}{' '}
            How long the provider keeps what it receives is set by its own terms and by the agreement the operator has
            with it.
          </p>
        </>
      )}
    </LegalSection>
  );
}
