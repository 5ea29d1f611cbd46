/**
 * Migrations only move forward (issue 19): a folded or landed migration never changes (a database
 * that applied it would never see the change), so its digest is pinned below, and a new one sorts
 * after them. What the database runs today is read in supabase/schemas/ (issue 30): each object
 * once, in its current form; tests/schemas.test.ts proves the schema files and the migrations
 * make the same database, which is why an object may be defined again by a later migration.
 *
 * Read from the files, so it needs no database.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { MIGRATIONS_DIR } from './harness.ts';

/** The folded migrations (issue 19) and their SHA-256: applied databases hold them as they are. */
const FOLDED: Record<string, string> = {
  '20261124100000_accounts.sql': '1745baf3261fe01e8a4968c313fbcabd7da354ecb1578eb1fef127d294e21e72',
  '20261124100100_notebooks.sql': '7145840beea6bc413efb2b0a2f616e4f041f7afc9afe2d0d6a80fbeabb0c0c16',
  '20261124100200_sharing.sql': '08312c0ee1b2d2159b7c9b4c489192c360d34f85d404dac846a120a60f4e3e83',
  '20261124100300_replication.sql': 'b9e47920531a1a2dc0721c7e3931fa6bb8b0669f2d76023c2b41dcfdec8e0a03',
  '20261124100400_achievements_translations.sql': 'b94c1534086f9113891de61832a16713df0a8e820285817ed227900f3dd2cef7',
  '20261124100500_purge_schedule.sql': '998588af246c5cefc7959e1b61e2d3389c020231bb2017390d0425c2038bc3f7',
  '20261124100600_reference_data.sql': 'c8766a3ebe113acdbc9a125124f37fcf7ccd91dca87c0efd1c295822f6fbf90e',
};

/**
 * Forward migrations that have landed on main after the fold (issues 20, 21 and 22): databases
 * have applied them too, so they are pinned like the folded files.
 */
const LANDED: Record<string, string> = {
  '20261124110000_guests.sql': '38f8999c582f58e9922cb8ba7d944c6f4bd6ce5e0b03f9837b4c4c978d9f6b6e',
  '20261124110100_offline_invites.sql': 'cc061f73873e68476bcc65ac75e7f5f31fe2721f71c8af1d91a83ce7da09f74e',
  '20261124110200_profiles.sql': 'b2ac8d972ebb3838869539906be790e6485a81377698f0eecd0853c521a59f39',
  '20261124110300_safety.sql': '79b9899cc8ae1c052913e4a28218ca597c3899b0b211121061a49efd4503b15e',
  '20261124120000_birth_date_required.sql': '7b6180f55660aaa2c6caaaf0fdf8e314c44c209893666f41f2635c168d45c3eb',
  '20261124120100_guardian_mail.sql': '85413cdace0e14e6e71d52be26f34d5642e8de40dde995e7d2bf91a036b6bed0',
  '20261124120200_list_paging.sql': 'f0a61502c9412d340eed0bfff3a2f96c597d11a903e5d1b0212afb126a0843dc',
  '20261124120300_live_updates.sql': '224e461737b7f5f13ea1f7fffb879f62da945bf15358e9b9d228d2842db33bf1',
  '20261124120500_identity_data.sql': '21c324c6ad4261d1e4c4c0ad254ef6146b26bdf50fa3a27675c843fc2948e5bf',
  '20261124120600_unblock_identity.sql': '7026f3d0bde0017591811f95ff2fe3b53085f17de020d7919bad55d9ed5701ac',
  '20261124130000_invite_on_sign_up.sql': '426d6970367ce059d413db24538c85a7992afde1e6dc1c5cb51d4a1c87f5b1ee',
  // issues 28, 29 and 30 (2026-11-28)
  '20261128100000_notices_at_commit.sql': 'd332f4569f8e8d2308d60a8b3d6852c2336fe53003acb5731d841a7fa1d2d6e3',
  '20261128100100_age_out_of_metadata.sql': '21e5f6db87fe24953ef68a374e349571f0d749b81910e9f1617f00124a39ff4c',
  '20261128100200_invite_code_length.sql': '665c19f4f5b3576161b7060908cdb1a59846e3234c98b157773b90643463c690',
  '20261128110000_account_deletion.sql': 'f5c23c56c25a417bec018b503df72d1f7eed939e4bcc286678e85388ca73f264',
  '20261128120000_claim_access.sql': '95859b8a9a402fc92ff4b8b37700e09f0e6cb299d800d2cd0afadf68585d1fdd',
  '20261128120100_code_guessing.sql': '5508894c482f0e30a714b2618b132f5ce49463b2d7a269d40a6720e08c2a078f',
  '20261128120200_code_attempts_of_removed.sql': '4abe1b5348c0c0c7dc780e01e5929f757a0010cc40b4f48cb991e493cd8e02b6',
  '20261128130000_every_update_has_a_where.sql': '08a76ef4f4d2ffeeb1c2000e466415d683e5219f2b22b97dcc19455857667bb2',
  '20261128140500_claim_waits_for_answers.sql': '4a5b382b9252495892e974907861cdbc730432efaef14a3b32b37c9078edf67b',
  // issues 31 and 32 (2026-11-28)
  '20261128150000_notification_kinds.sql': 'a63359009dad949d21f6081faa98824d547788e17cb16f37be779fb82db59556',
  '20261128151000_friends.sql': '30703ce85a565a53e649b93d441b81cef77b2149b3e08642b3eb4532f6547217',
  '20261128151100_friend_relationship.sql': '1e5fbcc7c324a3d9fe2ff93bef292de9acb4b80b5b8ef191e22e63ef779168bf',
  '20261128152000_guestbook_polls.sql': '1fe101e0a8c7202cd58932df7051b83399a1b6b4d13b5af08bdc56f6267555bd',
  '20261128152100_export_guestbook_polls.sql': 'c0acf48c57387674ee4a4c1cb40cb03595d33479d235804aa46333bd8383e616',
  '20261128153000_achievement_awards.sql': '5d0c18599d428d022d662e27ca434647baecdf60838191a2ceb157478a3494cf',
  '20261128153100_explorer_once_per_notebook.sql': '48f948526efe7b469ea0e5613217b68ec4b296f7943e03a5930850c930b39686',
  '20261128154000_news.sql': 'cfc3461b8426a7756aa33cff25ac577a10a265325d289091742bc7c082c7161a',
  '20261128154100_news_status_age.sql': 'b616e6262933e79d4b7a40b0ed13a7ba0f5f81cb21028969db7711fa035f79a6',
  '20261128160000_export_friends.sql': '026dae718f53c22ad22dedd6b62ac3ea3f665e738d68cd07d6f23ecc993fbf31',
  '20261128160100_removed_account_leaves_groups.sql': '35b719dd7f233760c9c0e13c103a7a927f1efe019b7749a6901a6d7ea8bec89f',
  '20261128160200_minors_ask_first.sql': '435f61ae13e2f3d79f41d98fe6e8396ee9effc46507566c8775e6b173bdcb93a',
  '20261128160300_awards_at_commit.sql': '8f30510c38cf890c95f8712b0401e103033af47fbbf61ad2d866a0083e94c6e3',
  // issue 33 (2026-11-28)
  '20261128191000_admin_audit.sql': '58361bb75d7f5a51870d99f452c7ada4c4cd10430c624db3f482a4f902e036ff',
  '20261128191100_admin_rpcs.sql': 'aa28907bad1af85dc03a3734085e21c293e8b35c57ea1d23bed05ba92020a25d',
  // issue 33 (2026-11-28)
  '20261128190000_reports.sql': '14aff774e09851ce051cc278e5970a64913e2167e7b551625eea534c4e33f5d4',
  '20261128190100_reports_replication.sql': '369f15460d75e007ef4dbd18bec118953f0f4ec085f855e750a3d3a69aee6ca4',
  '20261128190200_reports_in_your_data.sql': 'a0391127e7ec3e51df797155b7a37cfaacfe1c421a25f6a1bd0ac8239f6a26c2',
  '20261128193000_contact_messages.sql': '62f283219f54194517a460a4c8f06e258b6bd9658ab53b60f24fbee0d872c3cc',
  '20261128192000_hidden_content.sql': 'be1a8de74e2c949f9163987d8193dd01b16ba1edba8f20656979a09e89d9af9e',
  '20261128192100_moderation_queue.sql': 'a45e9b35e4397345f35aeea01f933e92bac6614a9515f77a59b1658f5d08e071',
  '20261128192200_report_decision_in_notice.sql': 'a863ea69c06330ed4d84a53ee84b0fcec52549858686db4c6fea909d4c3ef9fe',
  '20261128194000_forbidden_word_disguises.sql': 'ce693d50ebd72b42560ae5720224b107eab858d3050c105ea91ad86e5ee29df6',
  // issue 33 security review (SECFIX)
  '20261128195000_claim_keeps_moderation.sql': '7f1fe1cf0920c96d102f7814488cd576770bff640bd96f50d8330a59e57c87f0',
  '20261128195100_anonymous_decision.sql': '894c343e556e1c230e865696ac690fd8514e70b8f8263b18b609e29c35cb2058',
  '20261128195200_hidden_question_answers.sql': 'e4cb0c06c52b8f2cbc6ee13dce955ff964f0af1495029044418af755c867acf9',
  '20261128195300_admins_remove_through_admin_act.sql': '2c6db1c44b9288e15366d8e0c279a5f6c45b610cb93fd1cdacfebd4d9c34149e',
  '20261128195400_ban_keeps_last_admin.sql': '4485c347366b93bfe9ed78311944ce0b288b2b4f61a9a195cde3b207ec01f859',
  '20261128195500_contact_limits_per_sender.sql': '571ed9c732d2367eb746b307fccb58913f35431c271bf32736d9fecef9c58322',
  '20261128195600_audit_names_who_acted.sql': '5c376de5083023e80fe720996f65eb235a272beb37914e3c1014d45c05d03633',
  '20261128196000_restore_told.sql': '71abdc11b993cc2303f0fe1badaa307f7386f778d0cf5223d955306e8b51b33c',
  '20261128210000_replication_page_prepared.sql': '90fc86167b6c355a3de3ffeb5bc15179226c3fc4bdd37d5da4df09d5511bb6a6',
  '20261128213000_replication_pull_many.sql': '9a0ccf403c421d11b92ab23caf3f13bdaf988d6928486b44dd17e8afbe7813e3',
  '20261129014000_faq.sql': 'b6c44642c6f03f8498c29a8945afcaa9424eecb3ba297391bd34333880d4bb9a',
  '20261129013000_analytics.sql': '2b1deb6a329c00204d2cbd6a2c497ef33499f0a0affaa7bfd04c1fa4334ed135',
  '20261129013100_analytics_counts.sql': 'f66447b826ebae6265b02c8a92034c8086587f28356dc87d8ae8b292f8cf35bc',
  '20261129013200_analytics_read_policies.sql': '8241a1908b436844513139495453c4ee08f70820cc6ca100abc66c1a999fc0eb',
  '20261129012000_seasonal_store.sql': 'c4bedeb8e980a062651e969e95a4bc1e74a3cfda7cc7017152087210439fb7f7',
  '20261129012100_my_store_looks.sql': 'a42022e9e9c85758db860d6c4b4a1baaec6c277c1253970967f62bc9c970c191',
  '20261129012200_store_theme_owned.sql': 'f9fa76d323a26e04f26a11e4351414bbe45615bf70e79412912aba6f4c95e362',
  '20261129031000_export_store.sql': '949e7991414e2f67dc1a55bd3f8418384371777ffe33f992553e0fd199258b97',
  '20261129031100_guardian_purchase.sql': '9d3111d65e7e3531f553aef47ffa3bb037e5c8d0a570f15d8e76703ed933fccb',
  '20261129032000_paper_style_lined_red.sql': '4a62ce3850dab9c6d1ec31b657f605e23347ef51b2f8776627446f55a47f9491',
  '20261129032100_store_paper_owned.sql': 'c52109180e2ed1c6df5c1b0df0e15015b0abd4dfb3e4a8c398ea214ddbe5d14c',
  '20261129032200_store_images.sql': 'cd48bfa556e12a2de96ae8cecb2446a2fd0209fcd7278e380d3d3d6eb3d54ca6',
  '20261129032300_item_images_uploaded.sql': '7a02ab1d8c15b7fac11becc3e3b45babca9c351ee5f2717d4871a33bb3202887',
  '20261129034000_theme_colors.sql': 'caf1a9c80492cd383709c8b56496d7714461d8c9187a83d622def4e1b0f50b85',
  '20261129034100_achievement_names.sql': '54b3dd3c75aa55af720cbd5d596536ed7c18262d79167f685ead023f6c021aea',
  '20261129035000_sticker_packs.sql': 'bc9c755d74d9c8955a4123d6d959dcdc235828e78a8217b28754859fe4c2e807',
  '20261129037000_sticker_basics_stay_free.sql': 'c69db9cfe38366c5a95aa4a9d85b8d02994bd4b8bce7b5d44cad1888ab8bce76',
  '20261129040000_cover_styles.sql': 'f34854f4c70e859ea52f55ab45e2640e241de4369622bddf0c42729d51b1f635',
  '20261129041000_default_theme_catalogue.sql': 'fa6cf4f4ae5d22d45911f84cc97182b4bead1c16a41f4d3338787229a907fef8',
  '20261129041100_achievement_icons.sql': 'e02323608c4214e7c2f504a1fe15ec546a3b27378f56856daa8b911bdb3e0d6a',
  '20261129041200_guardian_address_limit.sql': '134e3f5ccf527f6773ce2d0032b520a6ae732d0b8461ee47fa262a9716e89b59',
  '20261129042000_pulse_collections.sql': 'b833874dc634306349cade69d8f4c3e53fe3f23cdfff7372cba42f9eae5d37e9',
  '20261129043000_replication_prepared_push.sql': '3aee45f4c530f046a3df5d6afb351b6e87215475b06fcda849936a1af871162a',
  '20261129045000_guardian_signup_address_limit.sql': 'c257f509c9d57f45bf9f3b19d1f64ff37212e9df06d9e94229cdf1436ddb48a2',
  '20261129046000_one_home_for_owning_a_look.sql': 'a36d32ef1dc26420b5dd97da011200bd8446bc6053bae4b1e2545df8126ec47f',
};

test('the folded and landed migrations are as they were applied (a change is a new migration)', () => {
  const pinned = { ...FOLDED, ...LANDED };
  const digests = Object.fromEntries(
    Object.keys(pinned).map((file) => {
      const full = path.join(MIGRATIONS_DIR, file);
      return [file, fs.existsSync(full) ? createHash('sha256').update(fs.readFileSync(full)).digest('hex') : 'missing'];
    }),
  );
  expect(digests).toEqual(pinned);
  const later = fs.readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql') && !(file in pinned));
  const lastPinned = Object.keys(pinned).sort().at(-1)!;
  expect(later.filter((file) => file < lastPinned), 'a new migration must sort after the applied ones').toEqual([]);
});
