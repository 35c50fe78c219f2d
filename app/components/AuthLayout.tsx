import type { ReactNode } from "react";

/** The frame of the sign-in and registration forms. */
export function AuthLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
      <div className="bg-white p-6 ring-1 ring-stone-200 md:p-8">
        <h1 className="text-center font-serif text-3xl md:text-4xl">{title}</h1>
        <p className="mt-2 text-center text-sm text-stone-600">{intro}</p>
        {children}
      </div>
    </main>
  );
}
